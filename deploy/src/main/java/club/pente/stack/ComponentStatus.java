package club.pente.stack;

import java.util.OptionalLong;

/** What {@code status} found for one part. */
public record ComponentStatus(String name, State state, OptionalLong pid, long rssKb, String endpoint) {

    public enum State {
        /** Started by this stack and answering. */
        RUNNING,
        /** Started by this stack, process alive, not answering (yet). */
        STARTING,
        /** Not started by this stack but its port answers: reused, never stopped by us. */
        FOREIGN,
        /** An external server that answers. */
        EXTERNAL,
        STOPPED
    }
}
