package club.pente.testinfra;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a test class that needs the stack (Kafka, PostgreSQL, Keycloak, or a packaged service): it runs
 * with {@code ./pente test} and is left out of {@code ./pente test --fast}. Only the JUnit tag rides on
 * this annotation; {@code @QuarkusTest} and {@code @QuarkusTestResource} stay on the class itself (Quarkus
 * would restrict a test resource found on a meta-annotation to that one class, restarting it per class).
 * A test that needs the stack but lacks this mark fails the fast tier: there, the stack's configuration
 * names no port and the services' addresses resolve nowhere (see the {@code fast} profile in the root pom).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag(StackTest.TAG)
public @interface StackTest {
    String TAG = "stack";
}
