package io.pqarrow.parquet.internal.page;

/**
 * One page read by {@link ReadAhead}, ahead of the caller or for it: the page, the end of the
 * chunk, or a failure, with the cursor's position after it. As a task on the executor it
 * decompresses its page ({@link ReadAhead#decompress}). Its fields are guarded by the {@link
 * ReadAhead}'s monitor until the slot is handed out, then the caller's.
 */
final class Slot implements Runnable {
  /** {@link #state}: read, its CRC check and decompression not started. */
  static final int RAW = 0;

  /** {@link #state}: its CRC check and decompression are under way, or it is handed out. */
  static final int WORKING = 1;

  /** {@link #state}: ready to be handed out. */
  static final int READY = 2;

  /** {@link #state}: dropped by a cancel; a task that comes late leaves it alone. */
  static final int DROPPED = 3;

  private final ReadAhead owner;

  final Page page;

  /** Whether a page was read ({@code false}: the end of the chunk). */
  boolean read;

  Throwable failure;

  /** The cursor's position, page index and last header offset after the read. */
  long posAfter;

  int indexAfter;
  long offsetAfter;

  /** The page's first row in its chunk and its rows, -1 when unknown; the row after it. */
  long firstRow = -1;

  int rows = -1;
  long rowAfter;

  /** The count of the chunk the page belongs to (see {@link ReadAhead}). */
  int chunk;

  /** Whether the caller was given the cursor to read this page ({@link ReadAhead#readDirect}). */
  boolean direct;

  int state = READY;

  Slot(ReadAhead owner, Page page) {
    this.owner = owner;
    this.page = page;
  }

  @Override
  public void run() {
    owner.decompress(this);
  }
}
