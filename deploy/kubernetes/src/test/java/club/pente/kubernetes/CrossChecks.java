package club.pente.kubernetes;

import club.pente.core.contract.Topic;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.keycloak.representations.idm.RealmRepresentation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rendered manifests against the services' own configuration and the platform's contracts: env, secrets,
 * ports and probes, the objects that point at each other, topics, Kafka ACLs, databases, the realm, replicas.
 * Each check returns its problems (empty: fine), each naming the object and what the sources say instead.
 */
final class CrossChecks {
    /**
     * Variables a container may set that no application.properties reads, because the runtime reads them.
     * Each with the reason; anything else must be read by the service.
     */
    static final Map<String, String> RUNTIME_ENV = Map.of(
            "KUBERNETES_NAMESPACE", "added by quarkus-kubernetes (fieldRef), read by Quarkus' Kubernetes support",
            "JAVA_OPTS_APPEND", "the JVM options of the image's launcher (Jib/run-java)",
            "JAVA_TOOL_OPTIONS", "read by the JVM itself",
            "QUARKUS_PROFILE", "Quarkus' profile");
    static final int PARTITIONS = 12;
    static final int REPLICAS = 3;
    static final int MIN_INSYNC = 2;
    private static final Pattern JDBC = Pattern.compile("(?:jdbc:)?postgresql://([^:/?]+)(?::(\\d+))?/([^?]+)");
    private static final Pattern REALM_PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_]+)(?::[^}]*)?}");

    /** One mapper: it caches what it learnt of RealmRepresentation's many classes (a new one takes most of a second). */
    private static final ObjectMapper STRICT = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private final Manifests manifests;
    private final Map<String, ServiceConfig> services;
    private final Map<String, Workload> workloads = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();

    CrossChecks(Manifests manifests, Map<String, ServiceConfig> services) {
        this.manifests = manifests;
        this.services = services;
        for (ServiceConfig service : services.values()) {
            Optional<ObjectNode> deployment = deploymentOf(service.name);
            if (deployment.isEmpty()) {
                problems.add("service " + service.name + ": no Deployment named " + service.name
                        + " (or labelled app.kubernetes.io/name=" + service.name + ")");
                continue;
            }
            Workload workload = new Workload(deployment.get(), manifests);
            workload.problems.forEach(p -> problems.add(Manifests.id(deployment.get()) + ": " + p));
            workloads.put(service.name, workload);
        }
    }

    /** Every check; {@code production}: also the production-only rules (replicas, HPAs, no committed Secret data). */
    List<String> all(boolean production, Optional<JsonNode> productionRealm) {
        List<String> all = new ArrayList<>(problems);
        all.addAll(env());
        all.addAll(portsAndProbes());
        all.addAll(references());
        all.addAll(addresses());
        all.addAll(topics());
        all.addAll(kafkaUsers());
        all.addAll(kafkaCluster(production));
        all.addAll(databases(production));
        // production imports exactly the production realm; other overlays may adapt it (their site's URLs)
        productionRealm.ifPresent(realm -> all.addAll(realmImport(production ? realm : null)));
        all.addAll(noCommittedSecrets());
        if (production) {
            all.addAll(productionScale());
        }
        return all;
    }

    private Optional<ObjectNode> deploymentOf(String name) {
        return manifests.ofKind("Deployment").stream()
                .filter(d -> name.equals(Manifests.name(d))
                        || name.equals(d.path("metadata").path("labels").path("app.kubernetes.io/name").asText()))
                .findFirst();
    }

    /** Every variable set is read by the service; every one it cannot start without is set; secrets come from Secrets. */
    List<String> env() {
        List<String> out = new ArrayList<>();
        workloads.forEach((name, w) -> {
            ServiceConfig service = services.get(name);
            String id = Manifests.id(w.deployment);
            w.env.forEach((var, source) -> {
                if (!service.envRead.contains(var) && !service.propertyEnvNames.contains(var) && !RUNTIME_ENV.containsKey(var)) {
                    out.add(id + ": env " + var + (source.kind.equals("configMap") ? " (from ConfigMap " + source.name + ")" : "")
                            + " is read by nothing in " + service.module + " (no ${" + var + "} placeholder, no property "
                            + "whose environment name it is)");
                }
            });
            for (String required : service.envRequired) {
                if (!w.env.containsKey(required) && w.envFromSecrets.isEmpty()) {
                    out.add(id + ": env " + required + " is required by " + service.module + " (a placeholder without default) and not set");
                } else if (!w.env.containsKey(required)) {
                    out.add(id + ": env " + required + " is required by " + service.module
                            + " and only an envFrom Secret could hold it; set it with valueFrom.secretKeyRef so that it can be checked");
                }
            }
            for (String secret : service.secretEnv) {
                Workload.EnvSource source = w.env.get(secret);
                if (source != null && !source.kind.equals("secret")) {
                    out.add(id + ": env " + secret + " is a secret (pente.secrets.required) but comes from a " + source.kind
                            + ", not from a Secret");
                }
            }
        });
        return out;
    }

    /** The container listens where the service listens, on all interfaces, and its probes ask Quarkus' health endpoints. */
    List<String> portsAndProbes() {
        List<String> out = new ArrayList<>();
        workloads.forEach((name, w) -> {
            ServiceConfig service = services.get(name);
            String id = Manifests.id(w.deployment);
            Map<String, String> env = w.knownValues();
            for (String host : List.of("quarkus.http.host", "quarkus.management.host")) {
                String value = service.resolve(host, env).orElse("0.0.0.0");
                if (!value.equals("0.0.0.0")) {
                    out.add(id + ": " + host + " resolves to " + value + ": the pod would not be reachable from its Service (set "
                            + String.join("/", ServiceConfig.placeholders(service.properties.get(host), true)) + "=0.0.0.0)");
                }
            }
            int http = Integer.parseInt(service.resolve("quarkus.http.port", env).orElse("8080"));
            int management = Integer.parseInt(service.resolve("quarkus.management.port", env).orElse("9000"));
            if (w.port(http).isEmpty()) {
                out.add(id + ": no containerPort " + http + " (quarkus.http.port of " + service.module + ")");
            }
            if (w.port(management).isEmpty()) {
                out.add(id + ": no containerPort " + management + " (quarkus.management.port of " + service.module + ")");
            }
            Map<String, String> probes = Map.of("livenessProbe", "/q/health/live", "readinessProbe", "/q/health/ready",
                    "startupProbe", "/q/health/started");
            probes.forEach((probe, path) -> {
                JsonNode get = w.container.path(probe).path("httpGet");
                if (get.isMissingNode()) {
                    if (!probe.equals("startupProbe")) {
                        out.add(id + ": no " + probe + " (httpGet " + path + " on the management port)");
                    }
                    return;
                }
                if (!path.equals(get.path("path").asText())) {
                    out.add(id + ": " + probe + " asks " + get.path("path").asText() + ", Quarkus answers " + path);
                }
                Optional<Integer> port = w.portNumber(get.path("port"));
                if (port.isEmpty() || port.get() != management) {
                    out.add(id + ": " + probe + " port " + get.path("port").asText() + " is not the management port " + management);
                }
            });
        });
        return out;
    }

    /** Services, Ingresses, HPAs, PDBs and NetworkPolicies point at what exists. */
    List<String> references() {
        List<String> out = new ArrayList<>();
        List<ObjectNode> deployments = manifests.ofKind("Deployment");
        for (ObjectNode service : manifests.ofKind("Service")) {
            JsonNode selector = service.path("spec").path("selector");
            if (selector.isMissingNode() || selector.isEmpty()) {
                continue; // a Service without selector (ExternalName, manual endpoints)
            }
            List<Workload> selected = new ArrayList<>();
            for (ObjectNode d : deployments) {
                if (Manifests.selects(selector, d.path("spec").path("template").path("metadata").path("labels"))) {
                    selected.add(new Workload(d, manifests));
                }
            }
            if (selected.isEmpty()) {
                out.add(Manifests.id(service) + ": selector " + selector + " selects no Deployment's pods");
                continue;
            }
            for (JsonNode port : service.path("spec").path("ports")) {
                JsonNode target = port.has("targetPort") ? port.path("targetPort") : port.path("port");
                for (Workload w : selected) {
                    Optional<Integer> number = w.portNumber(target);
                    if (number.isEmpty() || w.port(number.get()).isEmpty()) {
                        out.add(Manifests.id(service) + ": targetPort " + target.asText() + " is no container port of "
                                + Manifests.id(w.deployment));
                    }
                }
            }
        }
        for (ObjectNode ingress : manifests.ofKind("Ingress")) {
            List<JsonNode> backends = new ArrayList<>();
            if (ingress.path("spec").has("defaultBackend")) {
                backends.add(ingress.path("spec").path("defaultBackend"));
            }
            ingress.path("spec").path("rules").forEach(rule -> rule.path("http").path("paths").forEach(p -> backends.add(p.path("backend"))));
            for (JsonNode backend : backends) {
                String name = backend.path("service").path("name").asText();
                JsonNode port = backend.path("service").path("port");
                Optional<ObjectNode> service = manifests.find("Service", name);
                if (service.isEmpty() && operatorService(name)) {
                    continue;
                }
                if (service.isEmpty()) {
                    out.add(Manifests.id(ingress) + ": backend Service " + name + " does not exist");
                    continue;
                }
                boolean found = false;
                for (JsonNode p : service.get().path("spec").path("ports")) {
                    found |= port.has("number") ? p.path("port").asInt() == port.path("number").asInt()
                            : port.path("name").asText().equals(p.path("name").asText());
                }
                if (!found) {
                    out.add(Manifests.id(ingress) + ": Service " + name + " has no port " + port);
                }
            }
        }
        for (ObjectNode hpa : manifests.ofKind("HorizontalPodAutoscaler")) {
            JsonNode target = hpa.path("spec").path("scaleTargetRef");
            if (manifests.find(target.path("kind").asText(), target.path("name").asText()).isEmpty()) {
                out.add(Manifests.id(hpa) + ": scaleTargetRef " + target.path("kind").asText() + "/" + target.path("name").asText()
                        + " does not exist");
            }
        }
        for (ObjectNode pdb : manifests.ofKind("PodDisruptionBudget")) {
            if (deployments.stream().noneMatch(d -> Manifests.selects(pdb.path("spec").path("selector"),
                    d.path("spec").path("template").path("metadata").path("labels")))) {
                out.add(Manifests.id(pdb) + ": selector selects no Deployment's pods");
            }
        }
        for (ObjectNode policy : manifests.ofKind("NetworkPolicy")) {
            List<JsonNode> selectors = new ArrayList<>();
            selectors.add(policy.path("spec").path("podSelector"));
            for (String direction : List.of("ingress", "egress")) {
                policy.path("spec").path(direction).forEach(rule -> rule.path(direction.equals("ingress") ? "from" : "to").forEach(peer -> {
                    if (peer.has("podSelector") && !peer.has("namespaceSelector")) {
                        selectors.add(peer.path("podSelector"));
                    }
                }));
            }
            for (JsonNode selector : selectors) {
                if (selector.isMissingNode() || selector.isEmpty() || operatorManaged(selector)) {
                    continue; // all pods, or pods an operator labels (Strimzi, CloudNativePG, Keycloak)
                }
                if (deployments.stream().noneMatch(d -> Manifests.selects(selector,
                        d.path("spec").path("template").path("metadata").path("labels")))) {
                    out.add(Manifests.id(policy) + ": podSelector " + selector + " selects no Deployment's pods");
                }
            }
        }
        return out;
    }

    /** Services the operators create for their resources: Keycloak's <cr>-service, CloudNativePG's <cluster>-rw|ro|r, Strimzi's bootstrap. */
    boolean operatorService(String name) {
        return manifests.ofKind("Keycloak").stream().anyMatch(k -> name.equals(Manifests.name(k) + "-service"))
                || manifests.ofKind("Cluster").stream().anyMatch(c -> List.of("-rw", "-ro", "-r").stream()
                .anyMatch(suffix -> name.equals(Manifests.name(c) + suffix)))
                || manifests.ofKind("Kafka").stream().anyMatch(k -> name.equals(Manifests.name(k) + "-kafka-bootstrap"));
    }

    private static boolean operatorManaged(JsonNode selector) {
        List<String> keys = new ArrayList<>();
        selector.path("matchLabels").fieldNames().forEachRemaining(keys::add);
        selector.path("matchExpressions").forEach(e -> keys.add(e.path("key").asText()));
        return keys.stream().anyMatch(k -> k.startsWith("strimzi.io/") || k.startsWith("cnpg.io/"))
                || "keycloak-operator".equals(selector.path("matchLabels").path("app.kubernetes.io/managed-by").asText())
                || "keycloak".equals(selector.path("matchLabels").path("app").asText());
    }

    private static final Pattern URL = Pattern.compile("(?:jdbc:)?([a-z][a-z0-9+.-]*)://([^/:,?#]+)(?::(\\d+))?");
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "0.0.0.0");

    /**
     * Every address a service's configuration resolves to in its pod: no loopback (a default left for a cluster),
     * an in-cluster host is a Service of the manifests (or one an operator creates) with that port, and the
     * NetworkPolicies let the caller's pods reach the target's pods on the target port.
     */
    List<String> addresses() {
        List<String> out = new ArrayList<>();
        workloads.forEach((name, w) -> {
            ServiceConfig service = services.get(name);
            String id = Manifests.id(w.deployment);
            Map<String, String> env = w.knownValues();
            service.properties.forEach((property, raw) -> {
                if (property.startsWith("quarkus.http.") || property.startsWith("quarkus.management.")) {
                    return; // the listening side, checked with the ports
                }
                if (ServiceConfig.placeholders(raw, true).stream().anyMatch(v -> v.contains("PUBLIC") || v.contains("ORIGINS"))) {
                    return; // an address for browsers (the site, the issuer they see, allowed origins), not one the pod calls
                }
                String value = service.expand(raw, env, 0);
                List<String[]> targets = new ArrayList<>();
                if (property.equals("kafka.bootstrap.servers")) {
                    for (String address : value.split(",")) {
                        String[] hostPort = address.trim().split(":");
                        targets.add(new String[] {"kafka", hostPort[0], hostPort.length > 1 ? hostPort[1] : ""});
                    }
                } else {
                    Matcher m = URL.matcher(value);
                    while (m.find()) {
                        targets.add(new String[] {m.group(1), m.group(2), m.group(3) == null ? "" : m.group(3)});
                    }
                }
                for (String[] target : targets) {
                    String host = target[1];
                    if (LOOPBACK.contains(host)) {
                        out.add(id + ": " + property + " resolves to " + value + " (loopback: in a pod that is the pod itself; "
                                + "set " + String.join("/", ServiceConfig.placeholders(raw, true)) + ")");
                        continue;
                    }
                    String serviceName = inCluster(host);
                    if (serviceName == null) {
                        continue; // a public address (the site, the issuer), not checked here
                    }
                    int port = target[2].isEmpty() ? (target[0].equals("https") ? 443 : 80) : Integer.parseInt(target[2]);
                    reach(out, id, property, w, serviceName, port);
                }
            });
        });
        return out;
    }

    /** The Service name of an in-cluster host (name, name.namespace, name.namespace.svc[.cluster.local]), or null. */
    private String inCluster(String host) {
        String[] labels = host.split("\\.");
        String first = labels[0];
        boolean clusterForm = !host.contains(".") || host.endsWith(".svc") || host.endsWith(".svc.cluster.local")
                || (labels.length == 2 && manifests.all().stream()
                .anyMatch(o -> labels[1].equals(o.path("metadata").path("namespace").asText())));
        if (!clusterForm) {
            return null;
        }
        return first;
    }

    /** The Service exists with the port, and the NetworkPolicies let the caller reach the pods behind it. */
    private void reach(List<String> out, String id, String property, Workload caller, String serviceName, int port) {
        Optional<ObjectNode> service = manifests.find("Service", serviceName);
        JsonNode targetLabels;
        int podPort;
        if (service.isPresent()) {
            Optional<JsonNode> servicePort = java.util.stream.StreamSupport.stream(service.get().path("spec").path("ports").spliterator(), false)
                    .filter(p -> p.path("port").asInt() == port).findFirst();
            if (servicePort.isEmpty()) {
                out.add(id + ": " + property + " calls " + serviceName + ":" + port + ", Service " + serviceName + " has no port " + port);
                return;
            }
            Optional<ObjectNode> target = manifests.ofKind("Deployment").stream().filter(d -> Manifests.selects(
                    service.get().path("spec").path("selector"), d.path("spec").path("template").path("metadata").path("labels"))).findFirst();
            if (target.isEmpty()) {
                return; // reported by references()
            }
            Workload targetWorkload = new Workload(target.get(), manifests);
            JsonNode targetPort = servicePort.get().has("targetPort") ? servicePort.get().path("targetPort") : servicePort.get().path("port");
            podPort = targetWorkload.portNumber(targetPort).orElse(port);
            targetLabels = targetWorkload.podLabels();
        } else {
            Optional<ObjectNode> operatorPods = operatorPodLabels(serviceName);
            if (operatorPods.isEmpty()) {
                out.add(id + ": " + property + " calls " + serviceName + ":" + port + ", which is no Service of the manifests or of an operator");
                return;
            }
            targetLabels = operatorPods.get();
            podPort = port;
        }
        JsonNode callerLabels = caller.podLabels();
        List<ObjectNode> egress = policies("Egress", callerLabels);
        if (!egress.isEmpty() && egress.stream().noneMatch(p -> allowsPeer(p, "egress", "to", targetLabels, podPort))) {
            out.add(id + ": " + property + " calls " + serviceName + ":" + port + " but no egress rule of "
                    + egress.stream().map(Manifests::name).collect(java.util.stream.Collectors.joining(", "))
                    + " lets its pods reach the target's pods on port " + podPort);
        }
        List<ObjectNode> ingress = policies("Ingress", targetLabels);
        if (!ingress.isEmpty() && ingress.stream().noneMatch(p -> allowsPeer(p, "ingress", "from", callerLabels, podPort))
                && !operatorPolicyAllows(serviceName, podPort, callerLabels)) {
            out.add(id + ": " + property + " calls " + serviceName + ":" + port + " but no ingress rule of "
                    + ingress.stream().map(Manifests::name).collect(java.util.stream.Collectors.joining(", "))
                    + " lets its pods in on port " + podPort);
        }
    }

    /**
     * The NetworkPolicy an operator makes for its own pods: Strimzi one per listener (open, or to its
     * networkPolicyPeers), the Keycloak Operator one for the HTTP port unless spec.networkPolicy.enabled is false.
     * CloudNativePG makes none.
     */
    private boolean operatorPolicyAllows(String serviceName, int port, JsonNode callerLabels) {
        for (ObjectNode kafka : manifests.ofKind("Kafka")) {
            if (serviceName.equals(Manifests.name(kafka) + "-kafka-bootstrap")) {
                for (JsonNode listener : kafka.path("spec").path("kafka").path("listeners")) {
                    if (listener.path("port").asInt() == port) {
                        return peersAllow(listener.path("networkPolicyPeers"), callerLabels);
                    }
                }
            }
        }
        for (ObjectNode keycloak : manifests.ofKind("Keycloak")) {
            if (serviceName.equals(Manifests.name(keycloak) + "-service")) {
                JsonNode policy = keycloak.path("spec").path("networkPolicy");
                return policy.path("enabled").asBoolean(true) && peersAllow(policy.path("http"), callerLabels);
            }
        }
        return false;
    }

    private static boolean peersAllow(JsonNode peers, JsonNode callerLabels) {
        if (peers.isMissingNode() || peers.isEmpty()) {
            return true;
        }
        for (JsonNode peer : peers) {
            boolean namespaceOk = !peer.has("namespaceSelector") || peer.path("namespaceSelector").isEmpty();
            if (namespaceOk && (!peer.has("podSelector") || Manifests.selects(peer.path("podSelector"), callerLabels))) {
                return true;
            }
        }
        return false;
    }

    /** Labels of the pods behind a Service an operator creates (their documented labels), or empty. */
    private Optional<ObjectNode> operatorPodLabels(String serviceName) {
        for (ObjectNode kafka : manifests.ofKind("Kafka")) {
            if (serviceName.equals(Manifests.name(kafka) + "-kafka-bootstrap")) {
                ObjectNode labels = Manifests.JSON.createObjectNode();
                labels.put("strimzi.io/cluster", Manifests.name(kafka)).put("strimzi.io/kind", "Kafka")
                        .put("strimzi.io/name", Manifests.name(kafka) + "-kafka").put("strimzi.io/broker-role", "true");
                return Optional.of(labels);
            }
        }
        for (ObjectNode cluster : manifests.ofKind("Cluster")) {
            if (serviceName.startsWith(Manifests.name(cluster) + "-r")) {
                ObjectNode labels = Manifests.JSON.createObjectNode();
                labels.put("cnpg.io/cluster", Manifests.name(cluster)).put("cnpg.io/instanceRole", "primary").put("role", "primary");
                return Optional.of(labels);
            }
        }
        for (ObjectNode keycloak : manifests.ofKind("Keycloak")) {
            if (serviceName.equals(Manifests.name(keycloak) + "-service")) {
                ObjectNode labels = Manifests.JSON.createObjectNode();
                labels.put("app", "keycloak").put("app.kubernetes.io/instance", Manifests.name(keycloak))
                        .put("app.kubernetes.io/managed-by", "keycloak-operator");
                return Optional.of(labels);
            }
        }
        return Optional.empty();
    }

    /** The NetworkPolicies of this type that select pods with these labels. */
    private List<ObjectNode> policies(String type, JsonNode podLabels) {
        List<ObjectNode> selected = new ArrayList<>();
        for (ObjectNode policy : manifests.ofKind("NetworkPolicy")) {
            List<String> types = new ArrayList<>();
            policy.path("spec").path("policyTypes").forEach(t -> types.add(t.asText()));
            if (types.isEmpty()) {
                types.add("Ingress");
                if (policy.path("spec").has("egress")) {
                    types.add("Egress");
                }
            }
            if (types.contains(type) && Manifests.selects(policy.path("spec").path("podSelector"), podLabels)) {
                selected.add(policy);
            }
        }
        return selected;
    }

    /** Whether a rule of the policy lets the peer (same namespace, pod labels) through on the port. */
    private static boolean allowsPeer(JsonNode policy, String direction, String peers, JsonNode peerLabels, int port) {
        for (JsonNode rule : policy.path("spec").path(direction)) {
            boolean portOk = !rule.has("ports") || rule.path("ports").isEmpty();
            for (JsonNode p : rule.path("ports")) {
                int from = p.path("port").asInt(-1);
                int to = p.path("endPort").asInt(from);
                portOk |= !p.has("port") || (port >= from && port <= to);
            }
            boolean peerOk = !rule.has(peers) || rule.path(peers).isEmpty();
            for (JsonNode peer : rule.path(peers)) {
                if (peer.has("ipBlock")) {
                    continue;
                }
                boolean namespaceOk = !peer.has("namespaceSelector") || peer.path("namespaceSelector").isEmpty();
                boolean podOk = !peer.has("podSelector") || Manifests.selects(peer.path("podSelector"), peerLabels);
                peerOk |= namespaceOk && podOk;
            }
            if (portOk && peerOk) {
                return true;
            }
        }
        return false;
    }

    /** One KafkaTopic per catalogue topic, shaped as the platform creates it; none outside the catalogue. */
    List<String> topics() {
        List<String> out = new ArrayList<>();
        Map<String, ObjectNode> byName = new LinkedHashMap<>();
        for (ObjectNode topic : manifests.ofKind("KafkaTopic")) {
            byName.put(topic.path("spec").path("topicName").asText(Manifests.name(topic)), topic);
        }
        if (manifests.ofKind("Kafka").isEmpty() && byName.isEmpty()) {
            return out;
        }
        for (Topic topic : Topic.values()) {
            ObjectNode resource = byName.remove(topic.defaultName());
            if (resource == null) {
                out.add("KafkaTopic for " + topic.defaultName() + " (catalogue " + topic + ") is missing");
                continue;
            }
            String id = Manifests.id(resource) + " (" + topic.defaultName() + ")";
            JsonNode spec = resource.path("spec");
            int partitions = topic.partitioned() ? PARTITIONS : 1;
            if (spec.path("partitions").asInt(-1) != partitions) {
                out.add(id + ": partitions " + spec.path("partitions").asText("unset") + ", the catalogue says " + partitions);
            }
            if (spec.path("replicas").asInt(-1) != REPLICAS) {
                out.add(id + ": replicas " + spec.path("replicas").asText("unset") + ", the platform needs " + REPLICAS);
            }
            JsonNode config = spec.path("config");
            if (config.path("min.insync.replicas").asInt(-1) != MIN_INSYNC) {
                out.add(id + ": min.insync.replicas " + config.path("min.insync.replicas").asText("unset") + ", the platform needs " + MIN_INSYNC);
            }
            topic.config().forEach((key, value) -> {
                if (!value.equals(config.path(key).asText(null))) {
                    out.add(id + ": " + key + " " + config.path(key).asText("unset") + ", the catalogue says " + value);
                }
            });
        }
        byName.forEach((name, resource) -> out.add(Manifests.id(resource) + ": topic " + name + " is not in the catalogue (club.pente.core.contract.Topic)"));
        // the services spread games and players over the partitions they think there are
        workloads.forEach((name, w) -> services.get(name).resolve("pente.kafka.partitions", w.knownValues()).ifPresent(p -> {
            if (!p.equals(String.valueOf(PARTITIONS))) {
                out.add(Manifests.id(w.deployment) + ": pente.kafka.partitions " + p + ", the KafkaTopics have " + PARTITIONS);
            }
        }));
        return out;
    }

    /** The Kafka cluster: KRaft node pools, and in production 3 brokers and 3 controllers with the durability the platform relies on. */
    List<String> kafkaCluster(boolean production) {
        List<String> out = new ArrayList<>();
        for (ObjectNode kafka : manifests.ofKind("Kafka")) {
            String name = Manifests.name(kafka);
            int brokers = 0;
            int controllers = 0;
            for (ObjectNode pool : manifests.ofKind("KafkaNodePool")) {
                if (!name.equals(pool.path("metadata").path("labels").path("strimzi.io/cluster").asText())) {
                    continue;
                }
                int replicas = pool.path("spec").path("replicas").asInt();
                for (JsonNode role : pool.path("spec").path("roles")) {
                    brokers += role.asText().equals("broker") ? replicas : 0;
                    controllers += role.asText().equals("controller") ? replicas : 0;
                }
            }
            if (brokers == 0 || controllers == 0) {
                out.add(Manifests.id(kafka) + ": node pools (label strimzi.io/cluster=" + name + ") give " + brokers + " brokers and "
                        + controllers + " controllers");
            }
            if (!production) {
                continue;
            }
            if (brokers < REPLICAS || controllers < 3) {
                out.add(Manifests.id(kafka) + ": " + brokers + " brokers and " + controllers + " controllers, production needs 3 and 3");
            }
            JsonNode config = kafka.path("spec").path("kafka").path("config");
            Map<String, Integer> expected = Map.of("default.replication.factor", REPLICAS, "min.insync.replicas", MIN_INSYNC,
                    "offsets.topic.replication.factor", REPLICAS, "transaction.state.log.replication.factor", REPLICAS,
                    "transaction.state.log.min.isr", MIN_INSYNC);
            expected.forEach((key, value) -> {
                if (config.path(key).asInt(-1) != value) {
                    out.add(Manifests.id(kafka) + ": " + key + " " + config.path(key).asText("unset") + ", the platform needs " + value);
                }
            });
            if (config.path("unclean.leader.election.enable").asBoolean(false)) {
                out.add(Manifests.id(kafka) + ": unclean.leader.election.enable would lose acknowledged records");
            }
        }
        return out;
    }

    /** Each service's KafkaUser allows what its channels, consumer groups, code and transactions need. */
    List<String> kafkaUsers() {
        List<String> out = new ArrayList<>();
        if (manifests.ofKind("Kafka").isEmpty()) {
            return out;
        }
        workloads.forEach((name, w) -> {
            ServiceConfig service = services.get(name);
            Map<String, String> env = w.knownValues();
            listenerProblem(service, env).ifPresent(p -> out.add(Manifests.id(w.deployment) + ": " + p));
            Optional<ObjectNode> user = manifests.ofKind("KafkaUser").stream()
                    .filter(u -> w.referencedSecrets.contains(Manifests.name(u))).findFirst();
            if (user.isEmpty()) {
                out.add(Manifests.id(w.deployment) + ": uses no KafkaUser's Secret (Strimzi writes a user's credentials to a Secret "
                        + "of the user's name; the Deployment must reference it to authenticate as that user)");
                // still check the ACLs of the user meant for it (pente-game for game-service, pente-gateway for spectator-gateway)
                user = manifests.ofKind("KafkaUser").stream().filter(u -> name.equals(Manifests.name(u))
                        || name.contains(Manifests.name(u).replaceFirst("^pente-", ""))).findFirst();
                if (user.isEmpty()) {
                    out.add("no KafkaUser for " + name);
                    return;
                }
            }
            String id = Manifests.id(user.get()) + " (for " + name + ")";
            List<JsonNode> acls = new ArrayList<>();
            user.get().path("spec").path("authorization").path("acls").forEach(acls::add);
            service.channels("incoming").forEach((channel, settings) -> {
                requireAcl(out, id, acls, "topic", service.expand(settings.getOrDefault("topic", channel), env, 0), "Read",
                        "incoming channel " + channel);
                String group = settings.get("group.id");
                if (group != null) {
                    requireAcl(out, id, acls, "group", service.expand(group, env, 0), "Read", "group of channel " + channel);
                }
            });
            service.channels("outgoing").forEach((channel, settings) ->
                    requireAcl(out, id, acls, "topic", service.expand(settings.getOrDefault("topic", channel), env, 0), "Write",
                            "outgoing channel " + channel));
            service.properties.forEach((key, value) -> {
                if (key.startsWith("pente.") && (key.endsWith("group-id") || key.endsWith(".group"))) {
                    requireAcl(out, id, acls, "group", service.expand(value, env, 0), "Read", key);
                }
            });
            for (Topic topic : service.topicsInCode) {
                requireAcl(out, id, acls, "topic", topic.defaultName(), "Describe", "its code's use of Topic." + topic);
            }
            for (String prefix : service.transactionalIdPrefixes) {
                requireAcl(out, id, acls, "transactionalId", prefix + "x", "Write", "its transactional producers (" + prefix + "...)");
            }
            String provision = service.expand("${PENTE_KAFKA_PROVISION_TOPICS:true}", env, 0);
            if (!provision.equals("false")) {
                for (Topic topic : Topic.values()) {
                    requireAcl(out, id, acls, "topic", topic.defaultName(), "Create",
                            "topic provisioning at start (pente.kafka.provision-topics is not false)");
                }
            }
        });
        return out;
    }

    /**
     * The listener the service's bootstrap address reaches: without authentication the service is nobody in
     * particular (ANONYMOUS), and no KafkaUser's ACLs apply to it.
     */
    Optional<String> listenerProblem(ServiceConfig service, Map<String, String> env) {
        String bootstrap = service.resolve("kafka.bootstrap.servers", env).orElse("");
        for (String address : bootstrap.split(",")) {
            String[] hostPort = address.trim().split(":");
            if (hostPort.length != 2) {
                return Optional.of("kafka.bootstrap.servers " + bootstrap + " is not host:port");
            }
            String host = hostPort[0].split("\\.")[0];
            Optional<ObjectNode> kafka = manifests.ofKind("Kafka").stream()
                    .filter(k -> host.equals(Manifests.name(k) + "-kafka-bootstrap")).findFirst();
            if (kafka.isEmpty()) {
                return Optional.of("kafka.bootstrap.servers " + address + " is no Strimzi Kafka's bootstrap Service (<kafka>-kafka-bootstrap)");
            }
            for (JsonNode listener : kafka.get().path("spec").path("kafka").path("listeners")) {
                if (listener.path("port").asText().equals(hostPort[1])) {
                    if (listener.path("authentication").path("type").isMissingNode()) {
                        boolean anonymousSuper = false;
                        for (JsonNode superUser : kafka.get().path("spec").path("kafka").path("authorization").path("superUsers")) {
                            anonymousSuper |= superUser.asText().equals("ANONYMOUS") || superUser.asText().equals("User:ANONYMOUS");
                        }
                        return Optional.of("connects to Kafka listener " + listener.path("name").asText() + " (" + address
                                + ") without authentication" + (anonymousSuper ? " as ANONYMOUS, a super user" : "")
                                + ": no KafkaUser's ACLs apply to it");
                    }
                    return Optional.empty();
                }
            }
            return Optional.of("kafka.bootstrap.servers port " + hostPort[1] + " is no listener of Kafka " + Manifests.name(kafka.get()));
        }
        return Optional.empty();
    }

    /** The name a resource pattern must allow; a {@code ${quarkus.uuid}} part means "any suffix" (a prefix ACL). */
    private static void requireAcl(List<String> out, String id, List<JsonNode> acls, String type, String name, String operation,
                                   String why) {
        int variable = name.indexOf("${");
        boolean anySuffix = variable >= 0;
        String fixed = anySuffix ? name.substring(0, variable) : name;
        for (JsonNode acl : acls) {
            JsonNode resource = acl.path("resource");
            if (!type.equals(resource.path("type").asText()) || "deny".equals(acl.path("type").asText("allow"))) {
                continue;
            }
            String aclName = resource.path("name").asText();
            boolean prefix = "prefix".equals(resource.path("patternType").asText("literal"));
            boolean matches = "*".equals(aclName) || (prefix ? fixed.startsWith(aclName) : !anySuffix && aclName.equals(fixed));
            if (matches && allows(acl, operation)) {
                return;
            }
        }
        out.add(id + ": no ACL allows " + operation + " on " + type + " " + (anySuffix ? fixed + "*" : fixed) + " (" + why + ")");
    }

    private static boolean allows(JsonNode acl, String operation) {
        Set<String> ops = new TreeSet<>();
        acl.path("operations").forEach(o -> ops.add(o.asText()));
        if (acl.has("operation")) {
            ops.add(acl.path("operation").asText());
        }
        // Kafka: Read, Write, Delete and Alter imply Describe.
        return ops.contains("All") || ops.contains(operation)
                || (operation.equals("Describe") && (ops.contains("Read") || ops.contains("Write")));
    }

    /** One CloudNativePG cluster of 3 (production) with a database and an owning role per service that has a database. */
    List<String> databases(boolean production) {
        List<String> out = new ArrayList<>();
        List<ObjectNode> clusters = manifests.ofKind("Cluster");
        if (clusters.isEmpty()) {
            if (workloads.values().stream().anyMatch(w -> services.get(Manifests.name(w.deployment)) != null
                    && services.get(Manifests.name(w.deployment)).properties.containsKey("quarkus.datasource.jdbc.url"))) {
                out.add("no CloudNativePG Cluster, but services have databases");
            }
            return out;
        }
        for (ObjectNode cluster : clusters) {
            if (production && cluster.path("spec").path("instances").asInt() != 3) {
                out.add(Manifests.id(cluster) + ": instances " + cluster.path("spec").path("instances").asText() + ", production needs 3");
            }
        }
        workloads.forEach((name, w) -> {
            ServiceConfig service = services.get(name);
            if (!service.properties.containsKey("quarkus.datasource.jdbc.url")) {
                return;
            }
            String id = Manifests.id(w.deployment);
            Map<String, String> env = w.knownValues();
            String user = service.resolve("quarkus.datasource.username", env).orElse("");
            for (String urlProperty : List.of("quarkus.datasource.jdbc.url", "quarkus.datasource.reactive.url")) {
                Optional<String> url = service.resolve(urlProperty, env);
                if (url.isEmpty()) {
                    continue;
                }
                Matcher m = JDBC.matcher(url.get());
                if (!m.lookingAt()) {
                    out.add(id + ": " + urlProperty + " " + url.get() + " is not a PostgreSQL URL");
                    continue;
                }
                String host = m.group(1);
                String database = m.group(3);
                Optional<ObjectNode> cluster = clusters.stream()
                        .filter(c -> host.equals(Manifests.name(c) + "-rw") || host.startsWith(Manifests.name(c) + "-rw.")).findFirst();
                if (cluster.isEmpty()) {
                    out.add(id + ": " + urlProperty + " host " + host + " is no CloudNativePG cluster's read-write Service (<cluster>-rw)");
                    continue;
                }
                String clusterName = Manifests.name(cluster.get());
                boolean hasDatabase = manifests.ofKind("Database").stream().anyMatch(d ->
                        database.equals(d.path("spec").path("name").asText())
                                && clusterName.equals(d.path("spec").path("cluster").path("name").asText())
                                && user.equals(d.path("spec").path("owner").asText()))
                        || (database.equals(cluster.get().path("spec").path("bootstrap").path("initdb").path("database").asText())
                        && user.equals(cluster.get().path("spec").path("bootstrap").path("initdb").path("owner").asText()));
                if (!hasDatabase) {
                    out.add(id + ": no Database " + database + " owned by " + user + " in cluster " + clusterName
                            + " (" + urlProperty + ", quarkus.datasource.username)");
                }
                Optional<JsonNode> role = roles(cluster.get()).stream().filter(r -> user.equals(r.path("name").asText())).findFirst();
                if (role.isEmpty()) {
                    out.add(id + ": cluster " + clusterName + " manages no role " + user);
                } else {
                    if (!role.get().path("login").asBoolean(false)) {
                        out.add(Manifests.id(cluster.get()) + ": role " + user + " cannot log in (login: true)");
                    }
                    String passwordSecret = role.get().path("passwordSecret").path("name").asText("");
                    service.secretEnv.stream().filter(v -> v.contains("DB_PASSWORD")).forEach(v -> {
                        Workload.EnvSource source = w.env.get(v);
                        if (source != null && source.kind.equals("secret") && !source.name.equals(passwordSecret)) {
                            out.add(id + ": " + v + " comes from Secret " + source.name + ", the role " + user
                                    + "'s password is in " + (passwordSecret.isEmpty() ? "no Secret" : passwordSecret));
                        }
                    });
                }
            }
        });
        return out;
    }

    private static List<JsonNode> roles(JsonNode cluster) {
        List<JsonNode> roles = new ArrayList<>();
        cluster.path("spec").path("managed").path("roles").forEach(roles::add);
        return roles;
    }

    /**
     * The realm import carries a valid RealmRepresentation, with its placeholders from Secrets, for a Keycloak of the
     * manifests; with {@code productionRealm} not null, exactly that realm.
     */
    List<String> realmImport(JsonNode productionRealm) {
        List<String> out = new ArrayList<>();
        List<ObjectNode> imports = manifests.ofKind("KeycloakRealmImport");
        if (imports.isEmpty()) {
            out.add("no KeycloakRealmImport with the production realm");
            return out;
        }
        for (ObjectNode realmImport : imports) {
            String id = Manifests.id(realmImport);
            JsonNode realm = realmImport.path("spec").path("realm");
            if (productionRealm != null && !realm.equals(productionRealm)) {
                out.add(id + ": spec.realm differs from deploy/keycloak/pente-realm-production.json (regenerate it)");
            }
            try {
                STRICT.treeToValue(realm, RealmRepresentation.class);
            } catch (Exception e) {
                out.add(id + ": spec.realm is not a Keycloak RealmRepresentation: " + e.getMessage().split("\n")[0]);
            }
            String keycloak = realmImport.path("spec").path("keycloakCRName").asText();
            if (manifests.find("Keycloak", keycloak).isEmpty()) {
                out.add(id + ": keycloakCRName " + keycloak + " is no Keycloak in the manifests");
            }
            Matcher m = REALM_PLACEHOLDER.matcher(realm.toString());
            while (m.find()) {
                if (!realmImport.path("spec").path("placeholders").path(m.group(1)).path("secret").has("name")) {
                    out.add(id + ": the realm's ${" + m.group(1) + "} has no spec.placeholders." + m.group(1) + ".secret");
                }
            }
        }
        return out;
    }

    /** Secrets are referenced, never committed: no rendered Secret carries data. */
    List<String> noCommittedSecrets() {
        List<String> out = new ArrayList<>();
        for (ObjectNode secret : manifests.ofKind("Secret")) {
            if ((secret.has("data") && !secret.path("data").isEmpty()) || (secret.has("stringData") && !secret.path("stringData").isEmpty())) {
                out.add(Manifests.id(secret) + ": a Secret with data in the manifests (secrets are created in the cluster, never committed)");
            }
        }
        return out;
    }

    /** Production: at least two of everything, and HPAs for the gateway and the game service. */
    List<String> productionScale() {
        List<String> out = new ArrayList<>();
        Map<String, ObjectNode> hpaByTarget = new LinkedHashMap<>();
        manifests.ofKind("HorizontalPodAutoscaler").forEach(h -> hpaByTarget.put(h.path("spec").path("scaleTargetRef").path("name").asText(), h));
        for (ObjectNode deployment : manifests.ofKind("Deployment")) {
            ObjectNode hpa = hpaByTarget.get(Manifests.name(deployment));
            int replicas = hpa != null ? hpa.path("spec").path("minReplicas").asInt(1) : deployment.path("spec").path("replicas").asInt(1);
            if (replicas < 2) {
                out.add(Manifests.id(deployment) + ": " + (hpa != null ? "HPA minReplicas " : "replicas ") + replicas
                        + " in production, at least 2 are needed so that one instance can die");
            }
        }
        for (ObjectNode deployment : manifests.ofKind("Deployment")) {
            JsonNode labels = deployment.path("spec").path("template").path("metadata").path("labels");
            if (manifests.ofKind("PodDisruptionBudget").stream().noneMatch(pdb -> Manifests.selects(pdb.path("spec").path("selector"), labels))) {
                out.add(Manifests.id(deployment) + ": no PodDisruptionBudget in production (a node drain could take every instance at once)");
            }
        }
        // game instances own command partitions: one beyond the partition count would stand idle
        deploymentOf("game-service").map(d -> hpaByTarget.get(Manifests.name(d))).ifPresent(hpa -> {
            if (hpa.path("spec").path("maxReplicas").asInt() > PARTITIONS) {
                out.add(Manifests.id(hpa) + ": maxReplicas " + hpa.path("spec").path("maxReplicas").asInt() + " game instances, but only "
                        + PARTITIONS + " command partitions to share");
            }
        });
        for (String service : List.of("spectator-gateway", "game-service")) {
            Optional<ObjectNode> deployment = deploymentOf(service);
            if (deployment.isPresent() && !hpaByTarget.containsKey(Manifests.name(deployment.get()))) {
                out.add(Manifests.id(deployment.get()) + ": no HorizontalPodAutoscaler in production");
            }
        }
        return out;
    }
}
