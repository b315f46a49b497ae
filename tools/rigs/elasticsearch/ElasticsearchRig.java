import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.core.WhitespaceTokenizer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.elasticsearch.Build;
import org.elasticsearch.cluster.metadata.IndexNameExpressionResolver;
import org.elasticsearch.cluster.node.DiscoveryNodes;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.common.io.stream.NamedWriteableRegistry;
import org.elasticsearch.common.logging.LogConfigurator;
import org.elasticsearch.common.settings.ClusterSettings;
import org.elasticsearch.common.settings.IndexScopedSettings;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.common.settings.SettingsFilter;
import org.elasticsearch.env.Environment;
import org.elasticsearch.features.NodeFeature;
import org.elasticsearch.index.IndexVersion;
import org.elasticsearch.index.analysis.TokenizerFactory;
import org.elasticsearch.indices.analysis.AnalysisModule;
import org.elasticsearch.node.InternalSettingsPreparer;
import org.elasticsearch.node.Node;
import org.elasticsearch.node.RigNode;
import org.elasticsearch.plugins.ActionPlugin;
import org.elasticsearch.plugins.AnalysisPlugin;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.rest.BaseRestHandler;
import org.elasticsearch.rest.RestController;
import org.elasticsearch.rest.RestHandler;
import org.elasticsearch.rest.RestRequest;
import org.elasticsearch.rest.RestResponse;
import org.elasticsearch.rest.RestStatus;
import org.elasticsearch.transport.netty4.Netty4Plugin;
import org.elasticsearch.xcontent.XContentBuilder;

/**
 * An Elasticsearch 8.19 node for tests: the server jar from Maven Central with the Netty 4 HTTP and
 * transport plugin, single-node discovery on loopback, no security (x-pack is not on the classpath),
 * its path.home/path.data in a folder of this run only (removed at exit). The modules of the
 * distribution (rest-root, analysis-common, reindex, painless, ...) are not on Central; RootPlugin
 * stands in for rest-root's GET/HEAD / so that clients' info() and ping() work, and
 * WhitespaceTokenizerPlugin adds analysis-common's whitespace tokenizer.
 * Prints one line "elasticsearch-rig ready ..." once HTTP answers; tools/ensure-elasticsearch.sh
 * waits for it.
 *
 * Usage: java -cp <classes>:<lib>/* ElasticsearchRig <http port> <transport port> <data folder>
 */
public final class ElasticsearchRig {
  public static void main(String[] args) {
    PrintStream err = System.err;
    try {
      run(args);
    } catch (Throwable e) {
      // The node's non-daemon threads would keep a half-started JVM alive: exit, so that the
      // script sees the failure at once (the shutdown hook still closes the node).
      e.printStackTrace(err);
      System.exit(1);
    }
  }

  private static void run(String[] args) throws Exception {
    long started = System.nanoTime();
    int httpPort = Integer.parseInt(args[0]);
    int transportPort = Integer.parseInt(args[1]);
    Path home = Path.of(args[2]).toAbsolutePath();
    Files.createDirectories(home.resolve("config"));
    Settings settings = Settings.builder()
        .put("path.home", home.toString())
        .put("path.data", home.resolve("data").toString())
        .put("path.logs", home.resolve("logs").toString())
        .put("cluster.name", "trove-rig")
        .put("node.name", "trove-rig")
        .put("network.host", "127.0.0.1")
        .put("http.port", httpPort)
        .put("transport.port", transportPort)
        .put("discovery.type", "single-node")
        .put("http.type", Netty4Plugin.NETTY_HTTP_TRANSPORT_NAME)
        .put("transport.type", Netty4Plugin.NETTY_TRANSPORT_NAME)
        .put("cluster.routing.allocation.disk.threshold_enabled", false)
        // The serial collector leaves garbage on the heap until a collection; the real-memory
        // circuit breaker would count it and reject bulk requests on a small heap.
        .put("indices.breaker.total.use_real_memory", false)
        .build();

    // Logging before anything creates a logger (a logger made earlier would stay on log4j's
    // default, errors only): INFO and up to the console, which ensure-elasticsearch.sh sends to
    // its log file.
    Files.writeString(home.resolve("config/log4j2.properties"), String.join("\n",
        "status = error",
        "appender.console.type = Console",
        "appender.console.name = console",
        "appender.console.layout.type = PatternLayout",
        "appender.console.layout.pattern = [%d{ISO8601}][%-5p][%-25c{1.}] %m%n",
        "rootLogger.level = info",
        "rootLogger.appenderRef.console.ref = console",
        ""));
    // Elasticsearch's logging redirects System.out/err into log4j; keep the real streams for the
    // ready line (the script looks for it at the start of a line) and for shutdown errors.
    PrintStream out = System.out;
    PrintStream err = System.err;
    LogConfigurator.registerErrorListener();
    LogConfigurator.setNodeName("trove-rig");
    LogConfigurator.setClusterName("trove-rig");
    Environment environment =
        InternalSettingsPreparer.prepareEnvironment(settings, Map.of(), null, () -> "trove-rig");
    LogConfigurator.configure(environment, true);
    Node node = new RigNode(
        environment, List.of(Netty4Plugin.class, RootPlugin.class, WhitespaceTokenizerPlugin.class));
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        node.close();
        node.awaitClose(20, TimeUnit.SECONDS);
      } catch (Exception e) {
        e.printStackTrace(err);
      }
      removeTree(home);
      out.println("elasticsearch-rig stopped");
      out.flush();
    }, "elasticsearch-rig-shutdown"));
    node.start();

    // Ready once the REST layer answers and the (empty) cluster is green.
    String base = "http://127.0.0.1:" + httpPort;
    get(base + "/_cluster/health?wait_for_status=green&timeout=60s");
    String root = get(base + "/");
    if (!root.contains("\"cluster_uuid\"")) {
      throw new IllegalStateException("unexpected answer from GET /: " + root);
    }
    long ms = (System.nanoTime() - started) / 1_000_000;
    out.println("elasticsearch-rig ready on " + base + " (transport " + transportPort
        + ", Elasticsearch " + Build.current().version() + ") in " + ms + " ms");
    out.flush();
    Thread.currentThread().join();
  }

  private static String get(String url) throws IOException {
    HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
    connection.setConnectTimeout(5_000);
    connection.setReadTimeout(90_000);
    int status = connection.getResponseCode();
    try (InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
      String body = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
      if (status != 200) {
        throw new IOException("GET " + url + " answered " + status + ": " + body);
      }
      return body;
    }
  }

  private static void removeTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException ignored) {
      // A leftover temp folder is harmless.
    }
  }

  /** GET and HEAD / with the body of rest-root's RestMainAction (which is not on Maven Central). */
  public static final class RootPlugin extends Plugin implements ActionPlugin {
    private volatile ClusterService clusterService;

    public RootPlugin() {}

    @Override
    public Collection<?> createComponents(PluginServices services) {
      clusterService = services.clusterService();
      return List.of();
    }

    @Override
    public Collection<RestHandler> getRestHandlers(
        Settings settings,
        NamedWriteableRegistry namedWriteableRegistry,
        RestController restController,
        ClusterSettings clusterSettings,
        IndexScopedSettings indexScopedSettings,
        SettingsFilter settingsFilter,
        IndexNameExpressionResolver indexNameExpressionResolver,
        Supplier<DiscoveryNodes> nodesInCluster,
        Predicate<NodeFeature> clusterSupportsFeature) {
      return List.of(new RootHandler(this));
    }
  }

  /**
   * The whitespace tokenizer, which the distribution ships in the analysis-common module (not on
   * Maven Central; the server itself has only the standard tokenizer and the prebuilt whitespace
   * analyzer). Same Lucene class and max_token_length setting (default 255) as analysis-common's,
   * so custom analyzers such as {tokenizer: whitespace, filter: []} behave as on a real node.
   */
  public static final class WhitespaceTokenizerPlugin extends Plugin implements AnalysisPlugin {
    public WhitespaceTokenizerPlugin() {}

    @Override
    public Map<String, AnalysisModule.AnalysisProvider<TokenizerFactory>> getTokenizers() {
      return Map.of("whitespace", (indexSettings, environment, name, settings) -> {
        int maxTokenLength = settings.getAsInt("max_token_length", StandardAnalyzer.DEFAULT_MAX_TOKEN_LENGTH);
        return TokenizerFactory.newFactory(name, () -> new WhitespaceTokenizer(
            TokenStream.DEFAULT_TOKEN_ATTRIBUTE_FACTORY, maxTokenLength));
      });
    }
  }

  private static final class RootHandler extends BaseRestHandler {
    private final RootPlugin plugin;

    RootHandler(RootPlugin plugin) {
      this.plugin = plugin;
    }

    @Override
    public String getName() {
      return "trove_rig_main_action";
    }

    @Override
    public List<Route> routes() {
      return List.of(new Route(RestRequest.Method.GET, "/"), new Route(RestRequest.Method.HEAD, "/"));
    }

    @Override
    protected RestChannelConsumer prepareRequest(RestRequest request, NodeClient client) {
      return channel -> {
        ClusterService cluster = plugin.clusterService;
        Build build = Build.current();
        XContentBuilder body = channel.newBuilder();
        body.startObject();
        body.field("name", cluster.getNodeName());
        body.field("cluster_name", cluster.getClusterName().value());
        body.field("cluster_uuid", cluster.state().metadata().clusterUUID());
        body.startObject("version");
        body.field("number", build.qualifiedVersion());
        body.field("build_flavor", build.flavor());
        body.field("build_type", build.type().displayName());
        body.field("build_hash", build.hash());
        body.field("build_date", build.date());
        body.field("build_snapshot", build.isSnapshot());
        body.field("lucene_version", IndexVersion.current().luceneVersion().toString());
        body.field("minimum_wire_compatibility_version", build.minWireCompatVersion());
        body.field("minimum_index_compatibility_version", build.minIndexCompatVersion());
        body.endObject();
        body.field("tagline", "You Know, for Search");
        body.endObject();
        channel.sendResponse(new RestResponse(RestStatus.OK, body));
      };
    }
  }
}
