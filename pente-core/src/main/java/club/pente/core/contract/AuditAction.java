package club.pente.core.contract;

/** What a staff action did; {@link #requires()} is the least role that may do it. */
public enum AuditAction {
    ABORT_GAME(StaffRole.MODERATOR, AuditTarget.GAME),
    ANNUL_GAME(StaffRole.ADMIN, AuditTarget.GAME),
    /** The rating service's part of an annulment: both players' rating changes reversed. */
    REVERSE_RATINGS(StaffRole.ADMIN, AuditTarget.GAME),
    FORFEIT_GAME(StaffRole.ADMIN, AuditTarget.GAME),
    REMOVE_CHAT(StaffRole.MODERATOR, AuditTarget.CHAT_MESSAGE),
    SUSPEND_PLAYER(StaffRole.MODERATOR, AuditTarget.PLAYER),
    LIFT_SUSPENSION(StaffRole.MODERATOR, AuditTarget.PLAYER),
    MUTE_CHAT(StaffRole.MODERATOR, AuditTarget.PLAYER),
    LIFT_MUTE(StaffRole.MODERATOR, AuditTarget.PLAYER);

    private final StaffRole requires;
    private final AuditTarget target;

    AuditAction(StaffRole requires, AuditTarget target) {
        this.requires = requires;
        this.target = target;
    }

    public StaffRole requires() {
        return requires;
    }

    public AuditTarget target() {
        return target;
    }
}
