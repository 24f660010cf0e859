/**
 * <b>Not API:</b> JMH benchmarks of the bridge (Parquet reads, Variant reads, variant_get,
 * shredding). Run through the {@code benchmarks} module; the classes may change in any release.
 */
package io.pqarrow.bench;
