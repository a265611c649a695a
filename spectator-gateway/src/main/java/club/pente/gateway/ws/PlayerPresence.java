package club.pente.gateway.ws;

import club.pente.gateway.presence.Presence;
import club.pente.gateway.ws.protocol.ServerFrame;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Whether each player of a game has a socket on any gateway, and for how long not: connected while a
 * socket here or a fresh report of another gateway has them; otherwise absent since the latest moment any
 * gateway had them (a socket here closed, another gateway stopped naming them or stopped reporting), or since
 * this gateway began to serve the game when none ever did. What an abandonment claim is checked against.
 */
@ApplicationScoped
public class PlayerPresence {
    private final Presence presence;
    private final long abandonAfterMillis;

    public PlayerPresence(Presence presence, AbandonmentSettings settings) {
        this.presence = presence;
        this.abandonAfterMillis = settings.seconds() * 1000L;
    }

    long abandonAfterMillis() {
        return abandonAfterMillis;
    }

    /** The player's seat as of {@code now}: connected, or absent for how many milliseconds. */
    ServerFrame.PlayerPresence.Seat seat(GameRoom room, String playerId, long now) {
        if (playerId == null || room.connectedHere(playerId) || presence.connectedElsewhere(room.gameId, playerId)) {
            return new ServerFrame.PlayerPresence.Seat(true, 0);
        }
        long since = Math.max(room.lastSeenHere(playerId), presence.lastSeenElsewhere(room.gameId, playerId));
        return new ServerFrame.PlayerPresence.Seat(false, Math.max(0, now - since));
    }

    /** The room's presence frame, or null while the room does not know who plays. */
    ServerFrame.PlayerPresence frame(GameRoom room, long now) {
        String white = room.white();
        String black = room.black();
        if (white == null || black == null) {
            return null;
        }
        return new ServerFrame.PlayerPresence(seat(room, white, now), seat(room, black, now), abandonAfterMillis);
    }
}
