package club.pente.load;

import org.HdrHistogram.Histogram;

import java.util.Arrays;

/**
 * Latencies in nanoseconds: an HdrHistogram (1 µs to 10 min, 3 significant digits) for the percentiles,
 * and for the closed loop also every value, so that its printed figures stay the exact order statistics
 * the driver has always printed.
 */
public final class LatencyRecorder {
    private static final long HIGHEST = 600_000_000_000L;

    private final Histogram histogram = new Histogram(1_000, HIGHEST, 3);
    private final long[] exact;
    private int count;

    private LatencyRecorder(int exactCapacity) {
        this.exact = exactCapacity > 0 ? new long[exactCapacity] : null;
    }

    public static LatencyRecorder histogramOnly() {
        return new LatencyRecorder(0);
    }

    public static LatencyRecorder exact(int capacity) {
        return new LatencyRecorder(capacity);
    }

    public synchronized void record(long nanos) {
        histogram.recordValue(Math.max(1_000, Math.min(HIGHEST, nanos)));
        if (exact != null && count < exact.length) {
            exact[count] = nanos;
        }
        count++;
    }

    public synchronized long count() {
        return count;
    }

    /** Milliseconds at the quantile (0..1): from the histogram. */
    public synchronized double ms(double quantile) {
        return histogram.getTotalCount() == 0 ? Double.NaN : histogram.getValueAtPercentile(quantile * 100) / 1e6;
    }

    public synchronized double maxMs() {
        return histogram.getTotalCount() == 0 ? Double.NaN : histogram.getMaxValue() / 1e6;
    }

    /** The closed loop's exact order statistics: sorted[floor(q n)], as the driver always printed them. */
    public synchronized double exactMs(double quantile) {
        long[] sorted = sortedExact();
        return sorted.length == 0 ? Double.NaN : sorted[(int) Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] / 1e6;
    }

    public synchronized double exactMaxMs() {
        long[] sorted = sortedExact();
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1] / 1e6;
    }

    private long[] sortedExact() {
        long[] sorted = Arrays.copyOf(exact, Math.min(count, exact.length));
        Arrays.sort(sorted);
        return sorted;
    }
}
