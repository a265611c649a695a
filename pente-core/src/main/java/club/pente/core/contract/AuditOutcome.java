package club.pente.core.contract;

/** Whether the action took effect; a refusal by the owning service's rules is audited too, with its reason code. */
public enum AuditOutcome {
    APPLIED, REFUSED
}
