package club.pente.core.contract;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/** Schema version and the JSON mapping shared by every producer and consumer of the streams. */
public final class Contracts {
    /** Bumped on an incompatible change; readers ignore fields they do not know. */
    public static final int SCHEMA_VERSION = 1;

    private static final ObjectMapper MAPPER = configure(new ObjectMapper());

    private Contracts() {
    }

    /** Applies the contract conventions to a mapper (e.g. the one a Quarkus service already has). */
    public static ObjectMapper configure(ObjectMapper mapper) {
        return strictTypes(mapper).registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .setSerializationInclusion(JsonInclude.Include.ALWAYS);
    }

    /**
     * A field of the wrong JSON type is refused instead of coerced: {@code "commandId": 7} is not the id
     * "7", {@code "expectedPly": "3"} or {@code 3.5} is not 3. For every mapper that reads input from outside.
     */
    public static ObjectMapper strictTypes(ObjectMapper mapper) {
        mapper.configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false);
        mapper.configure(DeserializationFeature.ACCEPT_FLOAT_AS_INT, false);
        // A blank string is not "no value" either: {@code "games": "\u0000"} was read as no count at all.
        mapper.coercionConfigDefaults().setAcceptBlankAsEmpty(false)
                .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        return mapper;
    }

    public static ObjectMapper json() {
        return MAPPER;
    }

    public static String newId() {
        return UUID.randomUUID().toString();
    }

    /** Millisecond precision, so that a timestamp survives a JSON or database round trip unchanged. */
    public static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
