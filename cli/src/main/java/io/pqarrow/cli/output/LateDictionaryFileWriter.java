package io.pqarrow.cli.output;

import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.IpcOption;

/**
 * An IPC file writer that writes its dictionaries after the last record batch, just before the
 * footer, instead of before the first: the file's dictionaries ({@link DictionaryUnifier}) are only
 * complete then. The file format allows it: readers find dictionaries through the footer's list of
 * dictionary blocks, whatever their place in the file.
 *
 * <pre>
 *   ARROW1 | schema | record batch 0 | … | record batch n | dictionary batches | footer | ARROW1
 * </pre>
 */
final class LateDictionaryFileWriter extends ArrowFileWriter {
  private final DictionaryProvider dictionaries;

  LateDictionaryFileWriter(
      VectorSchemaRoot root,
      DictionaryProvider dictionaries,
      WritableByteChannel out,
      CompressionCodec.Factory factory,
      CompressionUtil.CodecType codec) {
    super(root, dictionaries, out, null, IpcOption.DEFAULT, factory, codec, Optional.empty());
    this.dictionaries = dictionaries;
  }

  @Override
  protected void ensureDictionariesWritten(DictionaryProvider provider, Set<Long> ids) {
    // written at the end, once complete
  }

  @Override
  protected void endInternal(WriteChannel out) throws IOException {
    for (long id : dictionaries.getDictionaryIds()) {
      writeDictionaryBatch(dictionaries.lookup(id));
    }
    super.endInternal(out);
  }
}
