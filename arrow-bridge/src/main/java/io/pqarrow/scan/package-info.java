/**
 * Scans of Parquet files: what a scan did ({@link io.pqarrow.scan.ScanStats}); filters in {@link
 * io.pqarrow.scan.filter}.
 */
package io.pqarrow.scan;
