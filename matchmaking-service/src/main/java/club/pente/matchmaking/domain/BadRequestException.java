package club.pente.matchmaking.domain;

/** Input the domain refuses: answered with 400 and the code, changes nothing. */
public class BadRequestException extends RuntimeException {
    private final String code;

    public BadRequestException(String code, String message) {
        super(message);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
