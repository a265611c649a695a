package club.pente.gateway.http;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ClientAddressTest {

    @Test
    void ipv4CountsPerAddressAndIpv6PerSlash64() {
        assertThat(ClientAddress.key("203.0.113.7")).isEqualTo("203.0.113.7");
        assertThat(ClientAddress.key("2001:db8:1:2:aaaa::1")).isEqualTo("2001:db8:1:2::/64");
        assertThat(ClientAddress.key("2001:0db8:0001:0002:ffff:0:0:9")).isEqualTo("2001:db8:1:2::/64");
        assertThat(ClientAddress.key("[2001:db8:1:2::5]")).isEqualTo("2001:db8:1:2::/64");
        assertThat(ClientAddress.key("0:0:0:0:0:0:0:1")).isEqualTo("0:0:0:0:0:0:0:1");
        assertThat(ClientAddress.key(null)).isEqualTo("unknown");
        assertThat(ClientAddress.keyOfSocketAddress("127.0.0.3:51234")).isEqualTo("127.0.0.3");
        assertThat(ClientAddress.keyOfSocketAddress("2001:db8:1:2:0:0:0:7:443")).isEqualTo("2001:db8:1:2::/64");
    }
}
