package club.pente.matchmaking.application;

/**
 * Runs a piece of work in one database transaction: commit when it returns, roll back when it throws.
 * Deadlocks and serialization failures are retried a few times (the work runs again from the start, so
 * it must not have effects outside the transaction); a unique-key violation arrives as a
 * {@link DuplicateKeyException}; any other failure goes to the caller.
 */
public interface Transactions {
    @FunctionalInterface
    interface Work<T> {
        T apply(Transaction tx);
    }

    <T> T run(Work<T> work);
}
