package club.pente.stack;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * One database per service (game, matchmaking, rating) on the stack's PostgreSQL server, each owned by a
 * login role of its own. The superuser of {@link StackConfig} only creates them.
 */
public final class PostgresDatabases {

    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    private static final String DUPLICATE_DATABASE = "42P04";
    private static final String DUPLICATE_OBJECT = "42710";
    /** Hands every relation in schema public that another role owns to the database's owner (databases made before roles existed). */
    private static final String HAND_OVER = """
            do $$
            declare r record;
            begin
              for r in select c.relkind, format('%%I.%%I', n.nspname, c.relname) as name
                       from pg_class c join pg_namespace n on n.oid = c.relnamespace
                       where n.nspname = 'public' and c.relowner <> '%1$s'::regrole
                         and (c.relkind in ('r', 'p', 'v', 'm')
                              or (c.relkind = 'S' and not exists (select 1 from pg_depend d
                                  where d.objid = c.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i'))))
              loop
                execute format('alter %%s %%s owner to %%I', case r.relkind when 'v' then 'view' when 'm' then 'materialized view'
                               when 'S' then 'sequence' else 'table' end, r.name, '%1$s');
              end loop;
            end $$""";

    private PostgresDatabases() {
    }

    public static Connection connect(StackConfig config, String database) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", config.postgresUser());
        p.setProperty("password", config.postgresPassword());
        p.setProperty("connectTimeout", "3");
        return DriverManager.getConnection(config.postgres().withDatabase(database).jdbcUrl(), p);
    }

    /** {@code select 1} on the maintenance database. */
    public static boolean canQuery(StackConfig config) {
        try (Connection c = connect(config, config.postgres().database()); Statement s = c.createStatement()) {
            return s.executeQuery("select 1").next();
        } catch (SQLException e) {
            return false;
        }
    }

    /** Creates the database unless it exists; returns true when it was created now. */
    public static boolean ensure(StackConfig config, String database) throws SQLException {
        requireName(database);
        try (Connection c = connect(config, config.postgres().database())) {
            try (PreparedStatement q = c.prepareStatement("select 1 from pg_database where datname = ?")) {
                q.setString(1, database);
                if (q.executeQuery().next()) {
                    return false;
                }
            }
            try (Statement s = c.createStatement()) {
                s.execute("create database " + database);
                return true;
            } catch (SQLException e) {
                // Another test JVM created it between our check and our create.
                if (DUPLICATE_DATABASE.equals(e.getSQLState())) {
                    return false;
                }
                throw e;
            }
        }
    }

    /**
     * A service's own login role: created unless it exists, its password (re)set to {@code password}; it
     * may log in and nothing else (no superuser, no createdb, no createrole, no replication).
     */
    public static void ensureRole(StackConfig config, String role, String password) throws SQLException {
        requireName(role);
        if (password == null || password.isEmpty()) {
            throw new IllegalArgumentException("the database role " + role + " needs a password");
        }
        String attributes = " login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password " + literal(password);
        try (Connection c = connect(config, config.postgres().database()); Statement s = c.createStatement()) {
            boolean exists;
            try (PreparedStatement q = c.prepareStatement("select 1 from pg_roles where rolname = ?")) {
                q.setString(1, role);
                exists = q.executeQuery().next();
            }
            if (!exists) {
                try {
                    s.execute("create role " + role + attributes);
                    return;
                } catch (SQLException e) {
                    if (!DUPLICATE_OBJECT.equals(e.getSQLState())) {
                        throw e;
                    }
                }
            }
            s.execute("alter role " + role + attributes);
        }
    }

    /**
     * The database (created if missing) owned by {@code owner}, with the tables an earlier owner made in it
     * handed over, and no connections for other roles (PostgreSQL grants CONNECT to PUBLIC by default).
     * Returns true when the database was created now.
     */
    public static boolean ensureOwnedBy(StackConfig config, String database, String owner) throws SQLException {
        requireName(owner);
        boolean created = ensure(config, database);
        try (Connection c = connect(config, config.postgres().database()); Statement s = c.createStatement()) {
            s.execute("alter database " + database + " owner to " + owner);
            s.execute("revoke connect, temporary on database " + database + " from public");
        }
        try (Connection c = connect(config, database); Statement s = c.createStatement()) {
            s.execute(HAND_OVER.formatted(owner));
        }
        return created;
    }

    private static void requireName(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("database and role names are lower-case identifiers, was '" + name + "'");
        }
    }

    /** A string literal for DDL, which takes no bind parameters (standard_conforming_strings is on since PostgreSQL 9.1). */
    private static String literal(String value) {
        if (value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("a password cannot contain NUL");
        }
        return "'" + value.replace("'", "''") + "'";
    }
}
