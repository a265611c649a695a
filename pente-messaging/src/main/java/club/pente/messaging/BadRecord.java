package club.pente.messaging;

/**
 * Marks a failure that is certainly the record's own (it cannot be read, or the handler itself refuses
 * it): a {@link RetryBudget} passes it on at once instead of trying again.
 */
public interface BadRecord {
}
