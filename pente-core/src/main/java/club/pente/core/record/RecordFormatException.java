package club.pente.core.record;

public final class RecordFormatException extends IllegalArgumentException {
    public RecordFormatException(String message) {
        super(message);
    }
}
