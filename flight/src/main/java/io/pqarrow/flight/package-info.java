/**
 * <b>API:</b> {@code bridge serve}: the Parquet files and datasets under one directory as an Arrow
 * Flight service. {@link io.pqarrow.flight.BridgeFlightServer} starts it from a {@link
 * io.pqarrow.flight.ServerConfig}; {@link io.pqarrow.flight.FlightLimits} caps what a client may
 * ask. The verbs, the request JSON and the security model are described in docs/flight.md.
 */
package io.pqarrow.flight;
