import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;

/**
 * A Neo4j Community server for tests: the embedded database with its Bolt connector on a loopback
 * port, no authentication and no TLS, its store in a folder of this run only (removed at exit).
 * Prints one line "neo4j-rig ready ..." once Bolt accepts queries; tools/ensure-neo4j.sh waits for it.
 *
 * Usage: java -cp <classes>:<lib>/* Neo4jRig <port> <data folder>
 */
public final class Neo4jRig {
  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    Path home = Path.of(args[1]).toAbsolutePath();
    long started = System.nanoTime();
    DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
        .setConfig(BoltConnector.enabled, true)
        .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
        .setConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", port))
        .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
        .setConfig(GraphDatabaseSettings.auth_enabled, false)
        // A test rig: a small page cache keeps the process small; the tests' graphs are tiny.
        .setConfig(GraphDatabaseSettings.pagecache_memory, 64L * 1024 * 1024)
        .build();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      dbms.shutdown();
      removeTree(home);
    }, "neo4j-rig-shutdown"));
    // The default database is available once this answers; only then may clients connect.
    GraphDatabaseService db = dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
    db.executeTransactionally("RETURN 1");
    long ms = (System.nanoTime() - started) / 1_000_000;
    System.out.println("neo4j-rig ready on bolt://127.0.0.1:" + port + " in " + ms + " ms");
    System.out.flush();
    Thread.currentThread().join();
  }

  private static void removeTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException ignored) {
      // A leftover temp folder is harmless.
    }
  }
}
