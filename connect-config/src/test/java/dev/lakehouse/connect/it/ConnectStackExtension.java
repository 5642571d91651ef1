package dev.lakehouse.connect.it;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Hands every IT the one {@link ConnectStack} of this JVM, closed when all tests are done. */
public final class ConnectStackExtension implements ParameterResolver {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ConnectStack.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == ConnectStack.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(ConnectStack.class, key -> {
      try {
        return ConnectStack.start();
      } catch (Exception e) {
        throw new IllegalStateException("Cannot start the test stack (broker, S3, Connect worker): " + e.getMessage(), e);
      }
    }, ConnectStack.class);
  }
}
