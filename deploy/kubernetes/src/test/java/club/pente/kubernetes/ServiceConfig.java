package club.pente.kubernetes;

import club.pente.core.contract.Topic;
import club.pente.kit.config.PenteConfig;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What one service reads, from its sources: its application.properties (the production view: keys without a
 * profile, %prod ones on top), the configuration files and {@code ${PENTE_...}} defaults of the platform modules it
 * depends on, and the topic names its code refers to. The manifests are checked against this.
 */
final class ServiceConfig {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_.\\-\"]+)(:)?");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Z][A-Z0-9_]*");
    private static final Pattern TOPIC_REFERENCE = Pattern.compile("Topic\\.([A-Z_]+)\\b");
    private static final Pattern TRANSACTIONAL_ID = Pattern.compile("\"transactional\\.id\",\\s*\"([^\"]+)\"");
    private static final Pattern PENTE_MODULE = Pattern.compile("<artifactId>(pente-(?:service-kit|identity|messaging|core))</artifactId>");
    private static final Map<String, String> MODULE_DIRS = Map.of("pente-service-kit", "pente-service-kit",
            "pente-identity", "pente-identity", "pente-messaging", "pente-messaging", "pente-core", "pente-core");

    final String module;
    final String name;
    /** Production view of application.properties plus the dependencies' microprofile-config.properties under it. */
    final Map<String, String> properties;
    /** Environment variables a placeholder of the production view reads (also ${PENTE_...} defaults in the code). */
    final Set<String> envRead;
    /** Variables a production start cannot do without: placeholders without a default in the production view. */
    final Set<String> envRequired;
    /** Variables behind pente.secrets.required: they must come from a Secret. */
    final Set<String> secretEnv;
    /** Environment names of every property the service sets or the kit maps (Quarkus' environment mapping). */
    final Set<String> propertyEnvNames;
    final Set<Topic> topicsInCode;
    final Set<String> transactionalIdPrefixes;

    private ServiceConfig(String module, Map<String, String> properties, Set<String> envRead, Set<Topic> topicsInCode,
                          Set<String> transactionalIdPrefixes, Set<String> propertyEnvNames) {
        this.module = module;
        this.properties = properties;
        this.name = properties.getOrDefault("quarkus.application.name", module);
        this.envRead = envRead;
        this.topicsInCode = topicsInCode;
        this.transactionalIdPrefixes = transactionalIdPrefixes;
        this.propertyEnvNames = propertyEnvNames;
        this.envRequired = new TreeSet<>();
        properties.values().forEach(v -> envRequired.addAll(placeholders(v, false)));
        this.secretEnv = new TreeSet<>();
        for (String secret : properties.getOrDefault("pente.secrets.required", "").split(",")) {
            if (!secret.isBlank()) {
                secretEnv.addAll(placeholders(properties.getOrDefault(secret.trim(), ""), true));
            }
        }
    }

    static Path repoRoot() {
        return Path.of(System.getProperty("pente.repo.root", "../..")).toAbsolutePath().normalize();
    }

    /** The five services, by application name. */
    static Map<String, ServiceConfig> all(Path root) {
        Map<String, ServiceConfig> services = new LinkedHashMap<>();
        for (String module : List.of("game-service", "matchmaking-service", "rating-service", "ai-service", "spectator-gateway")) {
            ServiceConfig service = read(root, module);
            services.put(service.name, service);
        }
        return services;
    }

    static ServiceConfig read(Path root, String module) {
        Path dir = root.resolve(module);
        List<String> deps = new ArrayList<>();
        Matcher m = PENTE_MODULE.matcher(readString(dir.resolve("pom.xml")));
        while (m.find()) {
            deps.add(m.group(1));
        }
        Map<String, String> properties = new LinkedHashMap<>();
        Set<String> envRead = new TreeSet<>();
        Set<String> keys = new LinkedHashSet<>();
        for (String dep : deps) {
            Path config = root.resolve(MODULE_DIRS.get(dep)).resolve("src/main/resources/META-INF/microprofile-config.properties");
            if (Files.exists(config)) {
                Properties raw = load(config);
                raw.stringPropertyNames().forEach(k -> {
                    properties.put(k, raw.getProperty(k));
                    keys.add(k);
                    envRead.addAll(placeholders(raw.getProperty(k), true));
                });
            }
        }
        Properties own = load(dir.resolve("src/main/resources/application.properties"));
        Map<String, String> prod = new LinkedHashMap<>();
        for (String key : own.stringPropertyNames()) {
            String value = own.getProperty(key);
            if (!key.startsWith("%") || key.startsWith("%prod.")) {
                envRead.addAll(placeholders(value, true)); // what only a dev or test profile reads is no production setting
            }
            if (!key.startsWith("%")) {
                properties.put(key, value);
                keys.add(key);
            } else if (key.startsWith("%prod.")) {
                prod.put(key.substring("%prod.".length()), value);
                keys.add(key.substring("%prod.".length()));
            }
        }
        properties.putAll(prod);
        Set<Topic> topics = new TreeSet<>();
        Set<String> transactional = new TreeSet<>();
        List<Path> sources = new ArrayList<>(List.of(dir.resolve("src/main/java")));
        deps.forEach(dep -> sources.add(root.resolve(MODULE_DIRS.get(dep)).resolve("src/main/java")));
        for (Path source : sources) {
            for (Path file : javaFiles(source)) {
                String text = readString(file);
                // ${PENTE_...} in @WithDefault / @ConfigProperty defaults
                Matcher env = Pattern.compile("\\$\\{(PENTE_[A-Z0-9_]+)").matcher(text);
                while (env.find()) {
                    envRead.add(env.group(1));
                }
                if (source.startsWith(dir)) {
                    Matcher topic = TOPIC_REFERENCE.matcher(text);
                    while (topic.find()) {
                        try {
                            topics.add(Topic.valueOf(topic.group(1)));
                        } catch (IllegalArgumentException notATopic) {
                            // a constant of another class named Topic
                        }
                    }
                    Matcher tx = TRANSACTIONAL_ID.matcher(text);
                    while (tx.find()) {
                        transactional.add(tx.group(1));
                    }
                }
            }
        }
        Set<String> propertyEnv = keys.stream().map(ServiceConfig::envName).collect(Collectors.toCollection(TreeSet::new));
        mappedProperties("pente", PenteConfig.class).forEach(p -> propertyEnv.add(envName(p)));
        return new ServiceConfig(module, properties, envRead, topics, transactional, propertyEnv);
    }

    /** Quarkus' environment name of a property: every character that is not a letter or digit becomes _, upper case. */
    static String envName(String property) {
        return property.replaceAll("[^A-Za-z0-9]", "_").toUpperCase();
    }

    /** Property names of a SmallRye @ConfigMapping interface (nested groups followed, maps left as prefix.*). */
    static List<String> mappedProperties(String prefix, Class<?> mapping) {
        List<String> names = new ArrayList<>();
        for (Method method : mapping.getMethods()) {
            if (Modifier.isStatic(method.getModifiers()) || method.getParameterCount() > 0 || method.isDefault()) {
                continue;
            }
            String name = prefix + "." + method.getName().replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase();
            Class<?> type = method.getReturnType();
            if (type.isInterface() && !type.getName().startsWith("java.")) {
                names.addAll(mappedProperties(name, type));
            } else {
                names.add(name);
            }
        }
        return names;
    }

    /** Environment-variable names in a value's placeholders; {@code withDefaults=false}: only those without a default. */
    static Set<String> placeholders(String value, boolean withDefaults) {
        Set<String> names = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(value);
        while (m.find()) {
            if (ENV_NAME.matcher(m.group(1)).matches() && (withDefaults || m.group(2) == null)) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /** A property's value with placeholders resolved from the given environment, then their defaults, then the topic catalogue. */
    Optional<String> resolve(String property, Map<String, String> env) {
        String value = properties.get(property);
        return value == null ? Optional.empty() : Optional.of(expand(value, env, 0));
    }

    String expand(String value, Map<String, String> env, int depth) {
        if (depth > 10) {
            return value;
        }
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < value.length()) {
            int start = value.indexOf("${", i);
            if (start < 0) {
                out.append(value.substring(i));
                break;
            }
            out.append(value, i, start);
            int end = matchingBrace(value, start + 2);
            String inner = value.substring(start + 2, end);
            int colon = topLevelColon(inner);
            String key = colon < 0 ? inner : inner.substring(0, colon);
            String fallback = colon < 0 ? null : inner.substring(colon + 1);
            String resolved = env.get(key);
            if (resolved == null && properties.containsKey(key)) {
                resolved = expand(properties.get(key), env, depth + 1);
            }
            if (resolved == null && Topic.defaults().containsKey(key)) {
                resolved = Topic.defaults().get(key);
            }
            if (resolved == null && fallback != null) {
                resolved = expand(fallback, env, depth + 1);
            }
            out.append(resolved == null ? "${" + key + "}" : resolved);
            i = end + 1;
        }
        return out.toString();
    }

    private static int matchingBrace(String s, int from) {
        int depth = 1;
        for (int i = from; i < s.length(); i++) {
            if (s.startsWith("${", i)) {
                depth++;
                i++;
            } else if (s.charAt(i) == '}' && --depth == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException("unbalanced placeholder in " + s);
    }

    private static int topLevelColon(String s) {
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.startsWith("${", i)) {
                depth++;
                i++;
            } else if (s.charAt(i) == '}') {
                depth--;
            } else if (s.charAt(i) == ':' && depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** SmallRye channels: name -> property suffix map, for mp.messaging.(incoming|outgoing).NAME.KEY. */
    Map<String, Map<String, String>> channels(String direction) {
        Map<String, Map<String, String>> channels = new LinkedHashMap<>();
        String prefix = "mp.messaging." + direction + ".";
        properties.forEach((key, value) -> {
            if (key.startsWith(prefix)) {
                String rest = key.substring(prefix.length());
                int dot = rest.indexOf('.');
                if (dot > 0) {
                    channels.computeIfAbsent(rest.substring(0, dot), c -> new LinkedHashMap<>()).put(rest.substring(dot + 1), value);
                }
            }
        });
        return channels;
    }

    private static Properties load(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    private static String readString(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> javaFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
