package club.pente.stack;

/** A failure to report to a person as one clear sentence, without a stack trace. */
public class StackException extends RuntimeException {

    public StackException(String message) {
        super(message);
    }
}
