package club.pente.gateway.quota;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import club.pente.gateway.EdgeSettings;
import jakarta.inject.Inject;

/**
 * The gateway's limits per verified identity and per client address (see README, "Limits"): concurrent
 * sockets and event streams, and proxied API requests. An anonymous caller is limited by its address
 * only; a signed-in one by both, so that neither many addresses nor many tabs lift the limit.
 */
@ApplicationScoped
public class Quotas {
    private final ConnectionLimiter socketsPerAddress;
    private final ConnectionLimiter socketsPerIdentity;
    private final TokenBuckets apiPerAddress;
    private final TokenBuckets apiPerIdentity;

    @Inject
    public Quotas(EdgeSettings settings) {
        this(settings.quota().sockets().perAddress(), settings.quota().sockets().perIdentity(),
                settings.quota().api().perAddress().burst(), settings.quota().api().perAddress().perSecond(),
                settings.quota().api().perIdentity().burst(), settings.quota().api().perIdentity().perSecond());
    }

    public Quotas(int socketsPerAddress, int socketsPerIdentity, int addressBurst, double addressRate, int identityBurst,
                  double identityRate) {
        this.socketsPerAddress = new ConnectionLimiter(socketsPerAddress);
        this.socketsPerIdentity = new ConnectionLimiter(socketsPerIdentity);
        this.apiPerAddress = new TokenBuckets(addressBurst, addressRate);
        this.apiPerIdentity = new TokenBuckets(identityBurst, identityRate);
    }

    public ConnectionLimiter socketsPerAddress() {
        return socketsPerAddress;
    }

    public ConnectionLimiter socketsPerIdentity() {
        return socketsPerIdentity;
    }

    public TokenBuckets apiPerAddress() {
        return apiPerAddress;
    }

    public TokenBuckets apiPerIdentity() {
        return apiPerIdentity;
    }

    @Scheduled(every = "30s")
    void prune() {
        apiPerAddress.prune();
        apiPerIdentity.prune();
    }
}
