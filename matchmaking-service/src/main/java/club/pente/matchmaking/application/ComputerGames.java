package club.pente.matchmaking.application;

import club.pente.core.contract.Contracts;
import club.pente.core.contract.PlayerRef;
import club.pente.core.rules.Color;
import club.pente.core.rules.Variant;
import club.pente.matchmaking.domain.BadRequestException;
import club.pente.matchmaking.domain.ColourChoice;
import club.pente.matchmaking.domain.GameOrigin;
import club.pente.matchmaking.domain.TimeControlPresets;
import club.pente.matchmaking.domain.Variants;
import jakarta.enterprise.context.ApplicationScoped;

import java.security.SecureRandom;

/**
 * Games against the computer ({@code ai:<level>}): casual, of any variant, live or turn-based, created at once, the
 * AI service takes it from there. Live and turn-based games count against separate limits.
 */
@ApplicationScoped
public class ComputerGames {
    public static final int MIN_LEVEL = 1;
    public static final int MAX_LEVEL = 9;

    public record Created(String gameId, Color color, PlayerRef opponent, String timeControl, Variant variant) {
    }

    private final Transactions transactions;
    private final AfterCommit afterCommit;
    private final Quotas quotas;
    private final SecureRandom random = new SecureRandom();

    public ComputerGames(Transactions transactions, AfterCommit afterCommit, Quotas quotas) {
        this.transactions = transactions;
        this.afterCommit = afterCommit;
        this.quotas = quotas;
    }

    public Created create(Player player, Integer level, String colorText, String timeControlText) {
        return create(player, level, colorText, timeControlText, null);
    }

    public Created create(Player player, Integer level, String colorText, String timeControlText, String variantText) {
        if (level == null || level < MIN_LEVEL || level > MAX_LEVEL) {
            throw new BadRequestException("BAD_LEVEL", "level must be between " + MIN_LEVEL + " and " + MAX_LEVEL);
        }
        Color color = ColourChoice.parse(colorText).resolve(random);
        String timeControl = timeControlText == null ? TimeControlPresets.UNTIMED : TimeControlPresets.check(timeControlText);
        Variant variant = Variants.check(variantText);
        boolean turnBased = TimeControlPresets.turnBased(timeControl);
        quotas.computerGameRequested(player);
        PlayerRef me = player.ref();
        PlayerRef computer = PlayerRef.computer(level);
        String gameId = transactions.run(tx -> {
            SanctionService.requireNotSuspended(tx, player);
            if (turnBased) {
                quotas.checkTurnBasedComputerGames(tx, player);
            } else {
                quotas.checkLiveComputerGames(tx, player);
            }
            return GameCreation.create(tx, color == Color.WHITE ? me : computer, color == Color.WHITE ? computer : me, false,
                    timeControl, variant, GameOrigin.COMPUTER, null, null, Contracts.now());
        });
        afterCommit.outboxWritten();
        return new Created(gameId, color, computer, timeControl, variant);
    }
}
