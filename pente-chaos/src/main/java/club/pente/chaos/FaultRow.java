package club.pente.chaos;

import java.util.List;
import java.util.Locale;

/**
 * One line of the chaos table: a fault, how long the platform took to accept moves again, what was accepted
 * meanwhile, and whether anything was lost or doubled (moves, sockets, ratings, seeks).
 *
 * @param secondsBack         kill until the restarted part answered again (Stack.up returned)
 * @param secondsFirstAccept  kill until the first move accepted after it (any game)
 * @param secondsAllAccept    kill until every game that had a move to come had one accepted again; -1 never
 * @param acceptedInWindow    moves accepted between the kill and the part's return
 * @param offered             moves sent in this phase (from this kill to the next), their fate below
 * @param lost                sent in this phase and never answered, or accepted but not in the move log, or in the
 *                            move log but never on the stream
 * @param doubled             a version read twice from the stream in this phase, or a command stored twice
 * @param socketDrops         spectator sockets closed under them in this phase (their gateway died)
 * @param resumed             reconnections answered with {@code resumed} (v= honoured)
 * @param snapshots           reconnections answered with a fresh snapshot instead
 * @param socketMissing       events a socket never got (nor a snapshot covered); {@code socketRepeated} got twice
 * @param ratings             the rating check after this fault ({@code ok n} or what was wrong)
 * @param seeks               the seek check after this fault
 */
record FaultRow(String fault, String killed, double secondsBack, double secondsFirstAccept, double secondsAllAccept,
                long acceptedInWindow, long offered, long accepted, long rejected, long lost, long doubled,
                long socketDrops, long resumed, long snapshots, long socketMissing, long socketRepeated, long socketsGaveUp,
                double maxReconnectSeconds, String ratings, String seeks) {

    static final String HEADER = String.format(Locale.ROOT, "%-12s %-14s %7s %8s %8s %9s %7s %7s %5s %5s %7s %6s %7s %5s %7s %6s %7s %-14s %-14s",
            "fault", "killed", "back s", "first s", "all s", "in window", "offered", "accepted", "rej", "lost", "doubled",
            "drops", "resumed", "snap", "missing", "repeat", "recon s", "ratings", "seeks");

    String line() {
        return String.format(Locale.ROOT, "%-12s %-14s %7s %8s %8s %9d %7d %8d %5d %5d %7d %6d %7d %5d %7d %6d %7s %-14s %-14s",
                fault, killed, seconds(secondsBack), seconds(secondsFirstAccept), secondsAllAccept < 0 ? "never" : seconds(secondsAllAccept),
                acceptedInWindow, offered, accepted, rejected, lost, doubled, socketDrops, resumed, snapshots, socketMissing,
                socketRepeated, socketDrops == 0 ? "-" : seconds(maxReconnectSeconds), ratings, seeks);
    }

    private static String seconds(double s) {
        return s < 0 ? "-" : String.format(Locale.ROOT, "%.1f", s);
    }

    static String table(List<FaultRow> rows) {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        rows.forEach(r -> text.append(r.line()).append('\n'));
        return text.toString();
    }
}
