package io.pqarrow.cli.command;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code bridge --version}: the project version, filtered into {@code
 * io/pqarrow/cli/version.properties}.
 */
public final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() throws IOException {
    Properties properties = new Properties();
    try (InputStream in =
        VersionProvider.class.getResourceAsStream("/io/pqarrow/cli/version.properties")) {
      if (in != null) {
        properties.load(in);
      }
    }
    return new String[] {"bridge " + properties.getProperty("version", "(unknown version)")};
  }
}
