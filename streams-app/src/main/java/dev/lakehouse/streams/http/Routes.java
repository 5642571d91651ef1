package dev.lakehouse.streams.http;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/** The endpoints by path; {@link StatusServer} serves them, tests call {@link #handle} directly. */
public final class Routes {
  private final Map<String, Supplier<Response>> handlers = new TreeMap<>();

  public Routes add(String path, Supplier<Response> handler) {
    handlers.put(path, handler);
    return this;
  }

  public Response handle(String path) {
    Supplier<Response> handler = handlers.get(path);
    return handler == null ? Response.notFound(path) : handler.get();
  }

  public Set<String> paths() {
    return handlers.keySet();
  }
}
