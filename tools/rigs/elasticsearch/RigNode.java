package org.elasticsearch.node;

import java.util.Collection;
import java.util.List;
import org.elasticsearch.env.Environment;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.plugins.PluginsLoader;
import org.elasticsearch.plugins.PluginsService;
import org.elasticsearch.plugins.RigPluginsService;

/**
 * An Elasticsearch node whose plugins are classes on the classpath (Netty 4 and the rig's own root
 * plugin) instead of bundles under path.home/modules and path.home/plugins. It lives in
 * org.elasticsearch.node because NodeConstruction.prepareConstruction, NodeServiceProvider and
 * Node(NodeConstruction) are package-private; the signatures are those of 8.19.21's jar.
 */
public class RigNode extends Node {
  public RigNode(Environment environment, Collection<Class<? extends Plugin>> classpathPlugins) {
    super(NodeConstruction.prepareConstruction(environment, null, new NodeServiceProvider() {
      @Override
      PluginsService newPluginService(Environment env, PluginsLoader ignored) {
        return new RigPluginsService(env.settings(), env, List.copyOf(classpathPlugins));
      }
    }, true));
  }
}
