package club.pente.gateway.ws;

import club.pente.core.contract.Ids;
import club.pente.gateway.http.ClientAddress;
import club.pente.gateway.quota.Quotas;
import io.quarkus.websockets.next.HttpUpgradeCheck;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Before a socket opens: a game socket needs a valid game id (ids never need percent-encoding, so an
 * encoded one is refused too: 400), and an address that already has its limit of sockets gets 429. The
 * address goes with the connection ({@link SocketSlots#ADDRESS}), which takes its place on open.
 */
@ApplicationScoped
public class SocketAdmission implements HttpUpgradeCheck {
    private final Quotas quotas;

    public SocketAdmission(Quotas quotas) {
        this.quotas = quotas;
    }

    @Override
    public Uni<CheckResult> perform(HttpUpgradeContext context) {
        if (GameSocket.class.getName().equals(context.endpointId())) {
            String id = context.pathParam("id");
            if (!Ids.isId(id) || id.indexOf('%') >= 0) {
                return CheckResult.rejectUpgrade(400);
            }
        }
        String address = ClientAddress.of(context.httpRequest());
        if (!quotas.socketsPerAddress().hasRoom(address)) {
            return CheckResult.rejectUpgrade(429);
        }
        context.userData().put(SocketSlots.ADDRESS, address);
        return CheckResult.permitUpgrade();
    }
}
