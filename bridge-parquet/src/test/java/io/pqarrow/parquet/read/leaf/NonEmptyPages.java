package io.pqarrow.parquet.read.leaf;

import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;

/**
 * A column chunk's pages without its data pages of no values.
 *
 * <p>pyarrow (Arrow C++) can write a data page holding 0 values in the middle of a chunk (seen in
 * dictionary-encoded list columns with small pages, in data pages v1 and v2). parquet-java's column
 * reader does not expect one: it reads the next triple's levels from the empty page and fails with
 * "Reading past RLE/BitPacking stream". Such a page holds no levels and no values, so leaving it
 * out changes nothing else.
 */
final class NonEmptyPages implements PageReader {
  private final PageReader pages;

  NonEmptyPages(PageReader pages) {
    this.pages = pages;
  }

  @Override
  public DictionaryPage readDictionaryPage() {
    return pages.readDictionaryPage();
  }

  @Override
  public long getTotalValueCount() {
    return pages.getTotalValueCount();
  }

  @Override
  public DataPage readPage() {
    DataPage page = pages.readPage();
    while (page != null && page.getValueCount() == 0) {
      page = pages.readPage();
    }
    return page;
  }
}
