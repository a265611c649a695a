package club.pente.ai.application;

import java.util.concurrent.Semaphore;

/**
 * The machine's cores as tokens, so that many games at once stay fair: a search takes
 * min(wanted, free) tokens and at least one thread (its own, which the worker pool already bounds),
 * and gives them back when done. A lone level-9 search gets every free core; one that starts while the
 * cores are out gets a single thread for that move (first come, first served per move; helper
 * threads never exceed the free cores); level 1-8 searches want one thread, so they only hold their own token.
 */
public final class CoreShare {
    private final Semaphore tokens;
    private final int cores;

    public CoreShare(int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be positive, not " + cores);
        }
        this.cores = cores;
        this.tokens = new Semaphore(cores);
    }

    public int cores() {
        return cores;
    }

    /** Tokens free now (for tests and metrics). */
    public int free() {
        return tokens.availablePermits();
    }

    /**
     * Threads for one search: the tokens it could take without waiting, at least 1 (the search runs on
     * its own worker thread even when every token is out). Close the lease when the search is done.
     */
    public Lease take(int wanted) {
        int want = Math.max(1, Math.min(wanted, cores));
        int taken = 0;
        while (taken < want && tokens.tryAcquire()) {
            taken++;
        }
        return new Lease(Math.max(1, taken), taken);
    }

    /** Threads granted to one search; {@link #close} returns its tokens (once). */
    public final class Lease implements AutoCloseable {
        private final int threads;
        private int held;

        private Lease(int threads, int held) {
            this.threads = threads;
            this.held = held;
        }

        public int threads() {
            return threads;
        }

        @Override
        public synchronized void close() {
            tokens.release(held);
            held = 0;
        }
    }
}
