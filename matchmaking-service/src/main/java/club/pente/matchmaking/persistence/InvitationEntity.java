package club.pente.matchmaking.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "invitations")
public class InvitationEntity extends PanacheEntityBase {
    @Id
    public String code;
    @Column(name = "inviter_id")
    public String inviterId;
    @Column(name = "inviter_name")
    public String inviterName;
    public String mode;
    @Column(name = "time_control")
    public String timeControl;
    public String color;
    public int games;
    public String status;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "expires_at")
    public Instant expiresAt;
    @Column(name = "accepted_by")
    public String acceptedBy;
    @Column(name = "accepted_name")
    public String acceptedName;
    @Column(name = "accepted_at")
    public Instant acceptedAt;
    @Column(name = "game_id")
    public String gameId;
    @Column(name = "match_id")
    public String matchId;
}
