package club.pente.stack;

import java.time.Duration;
import java.util.List;

/** A PostgreSQL server given by PENTE_PG_URL: probed by up and status, never started or stopped. */
public record ExternalPostgres(StackConfig config) implements Component {

    @Override
    public String name() {
        return "postgres";
    }

    @Override
    public List<Port> ports() {
        return List.of();
    }

    @Override
    public String endpoint() {
        return config.postgres().jdbcUrl() + " (external, user " + config.postgresUser() + ")";
    }

    @Override
    public boolean managed() {
        return false;
    }

    @Override
    public void prepare() {
    }

    @Override
    public Launch launch() {
        throw new UnsupportedOperationException("an external PostgreSQL is not launched");
    }

    @Override
    public boolean isReady() {
        return PostgresDatabases.canQuery(config);
    }

    @Override
    public Duration startTimeout() {
        return Duration.ofSeconds(10);
    }
}
