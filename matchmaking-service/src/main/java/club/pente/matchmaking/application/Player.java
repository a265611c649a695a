package club.pente.matchmaking.application;

import club.pente.core.contract.PlayerRef;

/** The verified caller: a Keycloak account (role {@code player}) or a platform guest. */
public record Player(String id, String name, boolean hasAccount) {
    public PlayerRef ref() {
        return new PlayerRef(id, name);
    }
}
