/**
 * <b>API:</b> embedding the Parquet reader in an engine. {@link io.pqarrow.scan.ChannelInputFile}
 * reads a file from any {@code SeekableByteChannel} (with {@link
 * io.pqarrow.parquet.read.ParquetSource}, whose footer many scans share); {@link
 * io.pqarrow.scan.ScanUnit} is a unit of work (row groups picked by index or by a byte range's
 * midpoint rule), {@link io.pqarrow.scan.SplitPlanner} cuts files into units of about N bytes, and
 * {@link io.pqarrow.scan.ParquetScan} reads one as Arrow's {@code ArrowReader} or exports it as a C
 * Data {@code ArrowArrayStream}. What a scan did is {@link io.pqarrow.parquet.read.ScanStats} (the
 * reader counts it); filters are in {@link io.pqarrow.filter}. This package sits on top: the reader
 * and the filters never import it.
 */
package io.pqarrow.scan;
