package club.pente.gateway.ws;

import club.pente.core.contract.ChatChannel;
import club.pente.core.contract.ChatPosted;
import club.pente.core.contract.ChatRemoved;
import club.pente.core.contract.Contracts;
import club.pente.gateway.ws.protocol.SocketCodec;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Who reads a chat message: its channel's audience in full, the other one only that there was one. */
class ChatAudienceTest {
    private static final Instant AT = Instant.parse("2026-12-01T20:00:00Z");

    private static ChatPosted chat(ChatChannel channel) {
        return new ChatPosted(1, "m-1", "g-1", 7, AT, "c-1", channel, "guest:ann", "Ann", "secret plan");
    }

    @Test
    void theHiddenFormKeepsTheVersionAndChannelButNotTheAuthorOrText() throws Exception {
        JsonNode hidden = Contracts.json().readTree(RoomFanOut.hidden(chat(ChatChannel.PLAYERS)));
        assertThat(hidden.path("type").asText()).isEqualTo("ChatPosted");
        assertThat(hidden.path("eventId").asText()).isEqualTo("m-1");
        assertThat(hidden.path("gameId").asText()).isEqualTo("g-1");
        assertThat(hidden.path("version").asLong()).isEqualTo(7);
        assertThat(hidden.path("occurredAt").asText()).isEqualTo("2026-12-01T20:00:00Z");
        assertThat(hidden.path("channel").asText()).isEqualTo("PLAYERS");
        assertThat(hidden.path("hidden").asBoolean()).isTrue();
        assertThat(hidden.toString()).doesNotContain("secret").doesNotContain("Ann").doesNotContain("guest:ann")
                .doesNotContain("c-1");
    }

    @Test
    void eachAudienceGetsItsOwnForm() throws Exception {
        for (ChatChannel channel : ChatChannel.values()) {
            ChatPosted posted = chat(channel);
            String json = Contracts.json().writeValueAsString(posted);
            GameRoom.Versioned event = GameRoom.Versioned.chat(7, json, channel, RoomFanOut.hidden(posted), posted.eventId());
            String players = event.messageFor(true);
            String spectators = event.messageFor(false);
            String full = channel == ChatChannel.PLAYERS ? players : spectators;
            String other = channel == ChatChannel.PLAYERS ? spectators : players;
            assertThat(SocketCodec.tree(full).path("event").path("text").asText()).as(channel.name()).isEqualTo("secret plan");
            assertThat(SocketCodec.tree(other).path("event").path("hidden").asBoolean()).as(channel.name()).isTrue();
            assertThat(other).doesNotContain("secret plan");
        }
        // Every other event is one frame for everybody.
        GameRoom.Versioned move = GameRoom.Versioned.of(8, "{\"type\":\"MovePlayed\",\"version\":8}");
        assertThat(move.messageFor(true)).isSameAs(move.messageFor(false));
    }

    @Test
    void aChatMessageWithoutAKnownChannelIsHiddenFromEveryone() throws Exception {
        ChatPosted posted = chat(null);
        String json = Contracts.json().writeValueAsString(posted);
        GameRoom.Versioned event = GameRoom.Versioned.chat(7, json, null, RoomFanOut.hidden(posted), posted.eventId());
        assertThat(event.messageFor(true)).doesNotContain("secret plan");
        assertThat(event.messageFor(false)).doesNotContain("secret plan");
    }

    /** Before the fix the buffer kept the removed message in full: a resumed socket or a new stream read it again. */
    @Test
    void aRemovedMessageLeavesTheResumeBufferForEveryAudience() throws Exception {
        GameRooms rooms = new GameRooms(() -> 256, new io.micrometer.core.instrument.simple.SimpleMeterRegistry());
        RoomFanOut fanOut = new RoomFanOut(rooms, null, null);
        GameRoom room = rooms.room("g-1");
        room.seats("guest:ann", "guest:bob");
        for (ChatChannel channel : ChatChannel.values()) {
            ChatPosted posted = new ChatPosted(1, "m-" + channel, "g-1", channel == ChatChannel.PLAYERS ? 7 : 8, AT, "c-1", channel,
                    "guest:ann", "Ann", "secret plan");
            fanOut.onEvent(posted, Contracts.json().writeValueAsString(posted));
        }
        ChatRemoved removed = new ChatRemoved(1, "r-1", "g-1", 9, AT, "c-2", "m-PLAYERS", ChatChannel.PLAYERS, "staff");
        fanOut.onEvent(removed, Contracts.json().writeValueAsString(removed));

        List<GameRoom.Versioned> buffered = room.since(6);
        assertThat(buffered).extracting(GameRoom.Versioned::version).containsExactly(7L, 8L, 9L);
        GameRoom.Versioned gone = buffered.get(0);
        for (boolean player : new boolean[] {true, false}) {
            assertThat(gone.messageFor(player)).doesNotContain("secret plan").doesNotContain("Ann");
            JsonNode event = SocketCodec.tree(gone.messageFor(player)).path("event");
            assertThat(event.path("removed").asBoolean()).isTrue();
            assertThat(event.path("version").asLong()).isEqualTo(7);
        }
        // The other message, not removed, is still there in full for its audience.
        assertThat(buffered.get(1).messageFor(false)).contains("secret plan");
    }
}
