package io.pqarrow.flight;

import io.pqarrow.dataset.Dataset;
import io.pqarrow.dataset.DatasetScan;
import io.pqarrow.dataset.DatasetScanOptions;
import io.pqarrow.dataset.DatasetSplit;
import io.pqarrow.filter.ColumnPaths;
import io.pqarrow.filter.Expression;
import io.pqarrow.filter.ParquetPredicates;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.scan.ScanUnit;
import io.pqarrow.scan.SplitPlanner;
import io.pqarrow.schema.MappingOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.Function;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.ActionType;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.Criteria;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.NoOpFlightProducer;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.SchemaResult;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.statisticslevel.StatisticsFilter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;

/**
 * The Flight verbs over the files and datasets under the served root. Every client path goes
 * through {@link RootPaths}, every error through {@link ClientErrors}; reads and writes count
 * against {@link FlightLimits#maxStreams()}.
 *
 * <p>{@code GetFlightInfo} cuts each file into byte ranges of {@code split_bytes} and gives each
 * range the row groups whose midpoint lies in it ({@link ScanUnit#ofRange}); row groups whose
 * statistics rule the filter out are dropped first, and the totals count what is left. Each
 * endpoint's ticket is the request plus its file and row groups ({@link ReadRequest}).
 */
final class DatasetProducer extends NoOpFlightProducer {
  /** How many opened datasets (their footers) are kept for the requests that follow. */
  static final int DATASETS_KEPT = 16;

  private final RootPaths paths;
  private final ClientErrors errors;
  private final FlightLimits limits;
  private final BufferAllocator allocator;
  private final Map<String, Function<String, String>> actions;
  private final Semaphore streams;
  private final Set<Thread> active = ConcurrentHashMap.newKeySet();
  private final DatasetCache datasets = new DatasetCache(DATASETS_KEPT);
  private volatile boolean stopping;
  private volatile Location location;

  DatasetProducer(
      RootPaths paths,
      ClientErrors errors,
      FlightLimits limits,
      BufferAllocator allocator,
      Map<String, Function<String, String>> actions) {
    this.paths = paths;
    this.errors = errors;
    this.limits = limits;
    this.allocator = allocator;
    this.actions = Map.copyOf(actions);
    this.streams = new Semaphore(limits.maxStreams());
  }

  void location(Location location) {
    this.location = location;
  }

  /** Stops every open stream at its next batch and refuses new ones. */
  void stop() {
    stopping = true;
    for (Thread t : active) {
      t.interrupt();
    }
  }

  /** Whether a stream is still open. */
  boolean busy() {
    return !active.isEmpty();
  }

  @Override
  public void listFlights(
      CallContext context, Criteria criteria, StreamListener<FlightInfo> listener) {
    try {
      for (Path p : Catalog.list(paths.root())) {
        String rel = paths.relative(p);
        FlightInfo info;
        try {
          info = info(ReadRequest.ofPath(rel), FlightDescriptor.path(rel.split("/")));
        } catch (RuntimeException e) {
          continue; // a file that is not Parquet, a dataset that does not unify: not listed
        }
        listener.onNext(info);
      }
      listener.onCompleted();
    } catch (RuntimeException e) {
      listener.onError(errors.of(e));
    }
  }

  @Override
  public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
    try {
      return info(request(descriptor), descriptor);
    } catch (RuntimeException e) {
      throw errors.of(e);
    }
  }

  @Override
  public SchemaResult getSchema(CallContext context, FlightDescriptor descriptor) {
    try {
      ReadRequest r = request(descriptor);
      Dataset ds = open(paths.existing(r.path()));
      Schema read = readSchema(ds, r);
      return new SchemaResult(r.variant().schema(read, decoded(ds, r, read)));
    } catch (RuntimeException e) {
      throw errors.of(e);
    }
  }

  private ReadRequest request(FlightDescriptor descriptor) {
    if (descriptor.isCommand()) {
      return ReadRequest.command(descriptor.getCommand(), limits);
    }
    return ReadRequest.ofPath(String.join("/", descriptor.getPath()));
  }

  private FlightInfo info(ReadRequest r, FlightDescriptor descriptor) {
    Dataset ds = open(paths.existing(r.path()));
    Schema read = readSchema(ds, r);
    Map<String, Field> decoded = decoded(ds, r, read);
    Schema schema = r.variant().schema(read, decoded);
    String decodedText =
        r.variant() == VariantOutput.DECODE ? DecodedColumns.encode(decoded) : null;
    Expression filter = filter(ds, r);
    List<FlightEndpoint> endpoints = new ArrayList<>();
    long rows = 0;
    long bytes = 0;
    // files whose partition values rule the filter out get no endpoint (their footers not read)
    for (int i : filter == null ? allFiles(ds) : ds.filesMatching(filter, allocator)) {
      ParquetSource source = ds.source(i);
      Set<Integer> kept = kept(source, filter);
      String file = paths.relative(Path.of(ds.files().get(i).path()).toAbsolutePath());
      long length;
      try {
        length = source.inputFile().getLength();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      for (ScanUnit range : SplitPlanner.byteRanges(source, length, r.splitBytes())) {
        List<Integer> groups = new ArrayList<>();
        for (int g : range.rowGroups()) {
          if (kept.contains(g)) {
            groups.add(g);
            rows += source.rowCount(g);
            bytes += source.compressedSize(g);
          }
        }
        if (!groups.isEmpty()) {
          byte[] ticketBytes = r.ticket(file, groups, decodedText);
          if (ticketBytes.length > limits.maxRequestBytes()) {
            throw Requests.invalid(
                "the decoded schema ("
                    + DecodedColumns.fieldCount(decoded)
                    + " fields) makes tickets of "
                    + ticketBytes.length
                    + " bytes, over the limit of "
                    + limits.maxRequestBytes()
                    + ": ask for fewer Variant columns, filter the rows, or read with"
                    + " 'variant': 'keep' or 'json'");
          }
          Ticket ticket = new Ticket(ticketBytes);
          endpoints.add(
              location == null ? new FlightEndpoint(ticket) : new FlightEndpoint(ticket, location));
        }
      }
    }
    return new FlightInfo(schema, descriptor, endpoints, bytes, rows);
  }

  private static List<Integer> allFiles(Dataset ds) {
    List<Integer> all = new ArrayList<>(ds.files().size());
    for (int i = 0; i < ds.files().size(); i++) {
      all.add(i);
    }
    return all;
  }

  /** The row groups of {@code source} whose statistics do not rule {@code filter} out. */
  private static Set<Integer> kept(ParquetSource source, Expression filter) {
    Set<Integer> kept = new HashSet<>();
    if (filter == null) { // no statistics needed: the footer's chunks stay unconverted
      for (int g = 0; g < source.rowGroupCount(); g++) {
        kept.add(g);
      }
      return kept;
    }
    List<BlockMetaData> blocks = source.rowGroups();
    Optional<FilterPredicate> predicate;
    try {
      predicate =
          ParquetPredicates.translate(filter, source.mapping(MappingOptions.defaults()).fields());
    } catch (RuntimeException e) {
      predicate = Optional.empty(); // no pruning; the reader applies the filter row by row
    }
    for (int g = 0; g < blocks.size(); g++) {
      if (predicate.isEmpty()
          || !StatisticsFilter.canDrop(predicate.get(), blocks.get(g).getColumns())) {
        kept.add(g);
      }
    }
    return kept;
  }

  private Dataset open(Path target) {
    return datasets.open(target).dataset();
  }

  /** The datasets kept between requests (for tests). */
  DatasetCache datasets() {
    return datasets;
  }

  /**
   * The request's filter, checked against the dataset's schema; an error is worded as {@code bridge
   * cat --where} words it ({@link ColumnPaths#where}), the client path standing for the file.
   */
  private static Expression filter(Dataset ds, ReadRequest r) {
    if (r.where() == null) {
      return null;
    }
    return ColumnPaths.where("--where", r.where(), ds.schema(), r.path());
  }

  /**
   * The options of the request's scan; its columns checked first, each error worded as {@code
   * bridge cat --columns} words it ({@link ColumnPaths#names}).
   */
  private static ReadOptions readOptions(Dataset ds, ReadRequest r) {
    ReadOptions.Builder b = ReadOptions.builder().batchRows(r.batchRows());
    if (r.columns() != null) {
      for (String c : r.columns()) {
        ColumnPaths.names("--columns", c, ds.schema(), r.path());
      }
      b.columns(r.columns());
    }
    Expression filter = filter(ds, r);
    if (filter != null) {
      b.filter(filter);
    }
    return b.build();
  }

  /**
   * The schema the scan of {@code r} reads (projection and filter checked), before Variant mode.
   */
  private Schema readSchema(Dataset ds, ReadRequest r) {
    try (DatasetScan scan =
        ds.newScan(allocator, readOptions(ds, r), DatasetScanOptions.defaults(), List.of())) {
      return scan.getVectorSchemaRoot().getSchema();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** For {@code decode}, each Variant column's field inferred from every row {@code r} keeps. */
  private Map<String, Field> decoded(Dataset ds, ReadRequest r, Schema read) {
    if (r.variant() != VariantOutput.DECODE) {
      return Map.of();
    }
    return DecodedColumns.infer(
        ds, readOptions(ds, r), DecodedColumns.variantColumns(read), allocator);
  }

  @Override
  public void getStream(CallContext context, Ticket ticket, ServerStreamListener listener) {
    boolean acquired = false;
    active.add(Thread.currentThread());
    try {
      ReadRequest r = ReadRequest.ticket(ticket.getBytes(), limits);
      Path target = paths.existing(r.path());
      Path file = paths.existing(r.file());
      DatasetCache.Entry opened = datasets.open(target);
      Dataset ds = opened.dataset();
      int index = opened.indexOf(file);
      if (index < 0) {
        throw CallStatus.NOT_FOUND
            .withDescription(r.file() + " is not a file of " + r.path())
            .toRuntimeException();
      }
      DatasetSplit split =
          new DatasetSplit(index, ScanUnit.ofRowGroups(ds.source(index), r.rowGroups()));
      acquired = acquire();
      stream(ds, r, split, listener);
    } catch (RuntimeException e) {
      listener.error(errors.of(e));
    } finally {
      if (acquired) {
        streams.release();
      }
      active.remove(Thread.currentThread());
      Thread.interrupted(); // a stop's interrupt must not outlive the stream
    }
  }

  private boolean acquire() {
    if (stopping) {
      throw CallStatus.UNAVAILABLE.withDescription("the server is stopping").toRuntimeException();
    }
    if (!streams.tryAcquire()) {
      throw CallStatus.RESOURCE_EXHAUSTED
          .withDescription(
              "too many streams open (at most " + limits.maxStreams() + "); try again later")
          .toRuntimeException();
    }
    return true;
  }

  /**
   * Sends {@code split}'s batches, each only once the client's transport is ready for more ({@link
   * ClientReadiness}), so what waits in the server per stream is bounded by Flight's back-pressure
   * threshold (10 MiB) plus one batch; ends at a cancel, a disconnect or a stop.
   */
  private void stream(
      Dataset ds, ReadRequest r, DatasetSplit split, ServerStreamListener listener) {
    try (DatasetScan scan =
            ds.newScan(
                allocator, readOptions(ds, r), DatasetScanOptions.defaults(), List.of(split));
        VectorSchemaRoot out = output(scan, r)) {
      VectorSchemaRoot in = scan.getVectorSchemaRoot();
      Map<String, Field> decoded = ticketDecoded(r, in.getSchema());
      VectorSchemaRoot sent = out == null ? in : out;
      listener.start(sent);
      // Zero-copy: gRPC sends the batch's own buffers instead of copying them through a byte
      // array. Safe because no buffer is written after putNext: the scan moves every batch into
      // buffers of its own (DatasetScan transfers each file batch into its root; the Variant
      // output is cleared after each batch), so the buffers a message holds stay as sent.
      listener.setUseZeroCopy(true);
      while (scan.loadNextBatch()) {
        if (!ClientReadiness.await(listener, () -> stopping)) {
          if (!listener.isCancelled()) {
            listener.error(
                CallStatus.CANCELLED
                    .withDescription("the server is stopping")
                    .toRuntimeException());
          }
          return;
        }
        if (out != null) {
          r.variant().move(in, out, decoded, allocator);
        }
        listener.putNext();
        if (out != null) {
          out.clear();
        }
      }
      listener.completed();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private VectorSchemaRoot output(DatasetScan scan, ReadRequest r) throws IOException {
    if (r.variant() == VariantOutput.KEEP) {
      return null;
    }
    Schema read = scan.getVectorSchemaRoot().getSchema();
    return VectorSchemaRoot.create(r.variant().schema(read, ticketDecoded(r, read)), allocator);
  }

  /** The decoded schema a ticket carries, checked against its read; empty but for decode. */
  private static Map<String, Field> ticketDecoded(ReadRequest r, Schema read) {
    if (r.variant() == VariantOutput.DECODE) {
      return DecodedColumns.parse(r.decoded(), read);
    }
    if (r.decoded() != null) {
      throw Requests.invalid("'decoded' belongs to tickets of 'variant': decode only");
    }
    return Map.of();
  }

  @Override
  public Runnable acceptPut(
      CallContext context, FlightStream flightStream, StreamListener<PutResult> ackStream) {
    return () -> {
      boolean acquired = false;
      active.add(Thread.currentThread());
      try {
        WriteRequest w = WriteRequest.of(flightStream.getDescriptor(), limits);
        Path target = paths.forWrite(w.path());
        acquired = acquire();
        Uploads.write(w, target, flightStream, allocator, () -> stopping);
        ackStream.onCompleted();
      } catch (RuntimeException e) {
        ackStream.onError(errors.of(e));
      } finally {
        if (acquired) {
          streams.release();
        }
        active.remove(Thread.currentThread());
        Thread.interrupted();
      }
    };
  }

  @Override
  public void doAction(CallContext context, Action action, StreamListener<Result> listener) {
    try {
      Function<String, String> handler = actions.get(action.getType());
      if (handler == null) {
        throw CallStatus.INVALID_ARGUMENT
            .withDescription(
                "unknown action '"
                    + errors.clean(action.getType())
                    + "' (actions: "
                    + String.join(", ", actions.keySet().stream().sorted().toList())
                    + ")")
            .toRuntimeException();
      }
      Map<String, Object> body = Requests.parse(action.getBody(), Set.of("path"), limits);
      String path = Requests.string(body, "path");
      if (path == null) {
        throw Requests.invalid("'path' is missing");
      }
      Path target = paths.existing(path);
      String json = errors.paths(handler.apply(target.toString())).strip();
      listener.onNext(new Result(json.getBytes(StandardCharsets.UTF_8)));
      listener.onCompleted();
    } catch (RuntimeException e) {
      listener.onError(errors.of(e));
    }
  }

  @Override
  public void listActions(CallContext context, StreamListener<ActionType> listener) {
    for (String name : actions.keySet().stream().sorted().toList()) {
      listener.onNext(
          new ActionType(name, "what 'bridge " + name + " --json' prints; body {\"path\": ...}"));
    }
    listener.onCompleted();
  }
}
