package org.elasticsearch.plugins;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import org.elasticsearch.Build;
import org.elasticsearch.action.admin.cluster.node.info.PluginsAndModules;
import org.elasticsearch.common.settings.Settings;
import org.elasticsearch.env.Environment;

/**
 * A PluginsService that loads plugin classes from the classpath, as the test framework's
 * MockPluginsService does: no module or plugin bundles on disk (the parent sees an empty
 * PluginsLoader, made with its package-private constructor: the public factory wants the server
 * as a named module, and here it is on the classpath). In org.elasticsearch.plugins for that
 * constructor, the package-private LoadedPlugin record and the loadPlugin/loadExtensions helpers.
 */
public class RigPluginsService extends PluginsService {
  private final List<LoadedPlugin> classpathPlugins;

  public RigPluginsService(
      Settings settings, Environment environment, Collection<Class<? extends Plugin>> pluginClasses) {
    super(
        settings,
        environment.configDir(),
        new PluginsLoader(Collections.emptySet(), Collections.emptySet(), Collections.emptyMap()));
    List<LoadedPlugin> loaded = new ArrayList<>();
    for (Class<? extends Plugin> pluginClass : pluginClasses) {
      Plugin plugin = loadPlugin(pluginClass, settings, environment.configDir());
      PluginDescriptor descriptor = new PluginDescriptor(
          pluginClass.getName(),
          "classpath plugin",
          "NA",
          Build.current().version(),
          Integer.toString(Runtime.version().feature()),
          pluginClass.getName(),
          null,
          Collections.emptyList(),
          false,
          false,
          false,
          false);
      loaded.add(new LoadedPlugin(descriptor, plugin, RigPluginsService.class.getClassLoader()));
    }
    loadExtensions(loaded);
    this.classpathPlugins = List.copyOf(loaded);
  }

  @Override
  protected final List<LoadedPlugin> plugins() {
    return classpathPlugins;
  }

  @Override
  public PluginsAndModules info() {
    return new PluginsAndModules(
        classpathPlugins.stream().map(LoadedPlugin::descriptor).map(PluginRuntimeInfo::new).toList(),
        List.of());
  }

  /**
   * All classpath plugins share one class loader, so the parent's per-plugin SPI lookup would hand
   * every plugin every extension on the classpath. None of the rig's plugins offers SPI extensions:
   * callers fall back to their defaults.
   */
  @Override
  public <T> List<? extends T> loadServiceProviders(Class<T> service) {
    return List.of();
  }
}
