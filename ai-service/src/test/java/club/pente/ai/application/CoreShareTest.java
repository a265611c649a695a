package club.pente.ai.application;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Core tokens: a search takes min(wanted, free), at least one thread, and gives them back. */
class CoreShareTest {
    @Test
    void aLoneSearchGetsWhatItWantsUpToTheCores() {
        CoreShare share = new CoreShare(4);
        try (CoreShare.Lease lease = share.take(9)) {
            assertThat(lease.threads()).isEqualTo(4);
            assertThat(share.free()).isZero();
        }
        assertThat(share.free()).isEqualTo(4);
    }

    @Test
    void searchesAtOnceShareAndNeverGetLessThanOneThread() {
        CoreShare share = new CoreShare(4);
        CoreShare.Lease first = share.take(3);
        CoreShare.Lease second = share.take(4);
        CoreShare.Lease third = share.take(4);
        assertThat(first.threads()).isEqualTo(3);
        assertThat(second.threads()).isEqualTo(1);
        assertThat(third.threads()).isEqualTo(1);
        assertThat(share.free()).isZero();
        third.close();
        assertThat(share.free()).isZero();
        second.close();
        assertThat(share.free()).isEqualTo(1);
        first.close();
        first.close();
        assertThat(share.free()).isEqualTo(4);
    }

    @Test
    void oneThreadSearchesHoldOnlyTheirOwnToken() {
        CoreShare share = new CoreShare(2);
        try (CoreShare.Lease a = share.take(1); CoreShare.Lease b = share.take(1)) {
            assertThat(a.threads()).isEqualTo(1);
            assertThat(b.threads()).isEqualTo(1);
            try (CoreShare.Lease top = share.take(2)) {
                assertThat(top.threads()).isEqualTo(1);
            }
        }
        assertThat(share.free()).isEqualTo(2);
        assertThatThrownBy(() -> new CoreShare(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
