package club.pente.stack;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** A PostgreSQL server and the database to connect to; credentials only when the URL carries them. */
public record PostgresTarget(String host, int port, String database, Optional<String> user, Optional<String> password) {

    /** Accepts {@code jdbc:postgresql://h:p/db}, {@code postgresql://u:pw@h:p/db} and {@code postgres://...}. */
    public static PostgresTarget parse(String url) {
        String s = url.trim();
        if (s.startsWith("jdbc:")) {
            s = s.substring("jdbc:".length());
        }
        if (!s.startsWith("postgresql://") && !s.startsWith("postgres://")) {
            throw new IllegalArgumentException("PENTE_PG_URL must look like jdbc:postgresql://host:port/db or postgresql://user:pw@host:port/db, was " + url);
        }
        URI uri = URI.create(s);
        Optional<String> user = Optional.empty();
        Optional<String> password = Optional.empty();
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            user = Optional.of(decode(parts[0]));
            password = parts.length > 1 ? Optional.of(decode(parts[1])) : Optional.empty();
        }
        String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
        return new PostgresTarget(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(),
                path.isEmpty() ? "postgres" : path, user, password);
    }

    public PostgresTarget withDatabase(String name) {
        return new PostgresTarget(host, port, name, user, password);
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database;
    }

    /** The form Quarkus' reactive client takes in quarkus.datasource.reactive.url. */
    public String reactiveUrl() {
        return "postgresql://" + host + ":" + port + "/" + database;
    }

    public String address() {
        return host + ":" + port;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
