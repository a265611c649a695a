package club.pente.gateway.quota;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The gateway's limits per verified identity and per client address (see README, "Limits"): concurrent
 * sockets and event streams, and proxied API requests. An anonymous caller is limited by its address
 * only; a signed-in one by both, so that neither many addresses nor many tabs lift the limit.
 */
@ApplicationScoped
public class Quotas {
    private final ConnectionLimiter socketsPerAddress;
    private final ConnectionLimiter socketsPerIdentity;
    private final RateLimiter apiPerAddress;
    private final RateLimiter apiPerIdentity;

    public Quotas(@ConfigProperty(name = "pente.quota.sockets.per-address") int socketsPerAddress,
                  @ConfigProperty(name = "pente.quota.sockets.per-identity") int socketsPerIdentity,
                  @ConfigProperty(name = "pente.quota.api.per-address.burst") int addressBurst,
                  @ConfigProperty(name = "pente.quota.api.per-address.per-second") double addressRate,
                  @ConfigProperty(name = "pente.quota.api.per-identity.burst") int identityBurst,
                  @ConfigProperty(name = "pente.quota.api.per-identity.per-second") double identityRate) {
        this.socketsPerAddress = new ConnectionLimiter(socketsPerAddress);
        this.socketsPerIdentity = new ConnectionLimiter(socketsPerIdentity);
        this.apiPerAddress = new RateLimiter(addressBurst, addressRate);
        this.apiPerIdentity = new RateLimiter(identityBurst, identityRate);
    }

    public ConnectionLimiter socketsPerAddress() {
        return socketsPerAddress;
    }

    public ConnectionLimiter socketsPerIdentity() {
        return socketsPerIdentity;
    }

    public RateLimiter apiPerAddress() {
        return apiPerAddress;
    }

    public RateLimiter apiPerIdentity() {
        return apiPerIdentity;
    }

    @Scheduled(every = "30s")
    void prune() {
        apiPerAddress.prune();
        apiPerIdentity.prune();
    }
}
