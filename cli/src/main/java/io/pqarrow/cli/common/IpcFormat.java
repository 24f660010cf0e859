package io.pqarrow.cli.common;

/** The two Arrow IPC framings: the random-access file format and the streaming format. */
public enum IpcFormat {
  /** The IPC file format: {@code ARROW1} magic, stream, footer, {@code ARROW1}. */
  FILE,
  /** The IPC streaming format: messages until an end-of-stream marker. */
  STREAM
}
