package club.pente.kit.rest;

import club.pente.core.contract.Contracts;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/** Request bodies follow the streams' rule ({@link Contracts#strictTypes}): a field of the wrong JSON type is a 400, never coerced. */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {
    @Override
    public void customize(ObjectMapper mapper) {
        Contracts.strictTypes(mapper);
    }
}
