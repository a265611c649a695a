package club.pente.matchmaking.domain;

import java.util.random.RandomGenerator;

/** Short codes people can read out or type: 8 characters without look-alikes (no 0/O, 1/I/L). */
public final class InvitationCodes {
    static final String ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    public static final int LENGTH = 8;

    private InvitationCodes() {
    }

    public static String generate(RandomGenerator random) {
        StringBuilder code = new StringBuilder(LENGTH);
        for (int i = 0; i < LENGTH; i++) {
            code.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return code.toString();
    }

    /** Upper case, spaces and dashes dropped: what a person typed, as stored. */
    public static String normalize(String typed) {
        return typed == null ? "" : typed.replaceAll("[\\s-]", "").toUpperCase();
    }
}
