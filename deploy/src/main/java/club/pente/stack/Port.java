package club.pente.stack;

/** A port a component binds and the environment variable that moves it. */
public record Port(int number, String variable) {
}
