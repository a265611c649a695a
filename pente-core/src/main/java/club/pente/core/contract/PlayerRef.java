package club.pente.core.contract;

/**
 * A player as the streams name them. {@code id} is a Keycloak subject for an account, {@code guest:<id>}
 * for a guest, {@code ai:<level>} for the computer; {@code name} is what people see.
 */
public record PlayerRef(String id, String name) {
    public enum Kind { ACCOUNT, GUEST, COMPUTER }

    public PlayerRef {
        Ids.requirePlayerId(id, "player id");
        if (name == null || name.isBlank()) {
            name = id;
        }
        Ids.requireText(name, Ids.MAX_NAME, "player name");
    }

    public Kind kind() {
        return kindOf(id);
    }

    public static Kind kindOf(String id) {
        if (id.startsWith("ai:")) {
            return Kind.COMPUTER;
        }
        return id.startsWith("guest:") ? Kind.GUEST : Kind.ACCOUNT;
    }

    public static PlayerRef computer(int level) {
        return new PlayerRef("ai:" + level, "Computer (level " + level + ")");
    }
}
