package io.pqarrow.flight;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.apache.arrow.flight.CallHeaders;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.auth2.CallHeaderAuthenticator;

/**
 * Every call must carry {@code authorization: Bearer <token>} with the served token; the comparison
 * takes the same time wherever the first difference is ({@link MessageDigest#isEqual}), and a
 * refusal (UNAUTHENTICATED) says only that the token is missing or wrong.
 */
final class BearerToken implements CallHeaderAuthenticator {
  private static final String PREFIX = "Bearer ";
  private final byte[] token;

  BearerToken(String token) {
    this.token = token.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public AuthResult authenticate(CallHeaders headers) {
    String header = headers.get("authorization");
    if (header == null || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
      throw CallStatus.UNAUTHENTICATED
          .withDescription("a bearer token is required")
          .toRuntimeException();
    }
    byte[] given = header.substring(PREFIX.length()).trim().getBytes(StandardCharsets.UTF_8);
    if (!MessageDigest.isEqual(given, token)) {
      throw CallStatus.UNAUTHENTICATED.withDescription("wrong bearer token").toRuntimeException();
    }
    return () -> "client";
  }
}
