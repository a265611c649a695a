package club.pente.testinfra;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;

@StackTest
class PostgresTestResourceTest {

    @Test
    void createsTheDatabaseAndHandsOutWorkingUrls() throws Exception {
        PostgresTestResource resource = new PostgresTestResource();
        resource.init(Map.of(PostgresTestResource.DATABASE_ARG, "testinfra_check"));
        Map<String, String> props = resource.start();

        assertThat(props.get("quarkus.datasource.jdbc.url")).endsWith("/testinfra_check").startsWith("jdbc:postgresql://");
        assertThat(props.get("quarkus.datasource.reactive.url")).endsWith("/testinfra_check").startsWith("postgresql://");
        try (Connection c = DriverManager.getConnection(props.get("quarkus.datasource.jdbc.url"),
                props.get("quarkus.datasource.username"), props.get("quarkus.datasource.password"));
             Statement s = c.createStatement()) {
            s.execute("create temporary table moves (ply int primary key, point text not null)");
            s.execute("insert into moves values (1, 'K10'), (2, 'L11')");
            ResultSet rs = s.executeQuery("select current_database(), count(*), max(point) from moves");
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("testinfra_check");
            assertThat(rs.getInt(2)).isEqualTo(2);
            assertThat(rs.getString(3)).isEqualTo("L11");
        }
        // A second start finds the database and does not fail.
        assertThat(resource.start()).isEqualTo(props);
    }

    @Test
    void wrongPasswordIsRefused() throws Exception {
        Map<String, String> props = new PostgresTestResource().start();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DriverManager.getConnection(
                        props.get("quarkus.datasource.jdbc.url"), props.get("quarkus.datasource.username"), "not-the-password"))
                .isInstanceOf(java.sql.SQLException.class)
                .hasMessageContaining("password authentication failed");
    }
}
