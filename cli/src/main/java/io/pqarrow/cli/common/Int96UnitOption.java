package io.pqarrow.cli.common;

import io.pqarrow.schema.MappingOptions;
import org.apache.arrow.vector.types.TimeUnit;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --int96-unit s|ms|us|ns}: the Arrow timestamp unit INT96 columns read as ({@link
 * MappingOptions#int96Unit}), for {@code schema}, {@code cat} and {@code export}. The default,
 * {@code ns}, is pyarrow's and spans only 1677-09-21 to 2262-04-11; Spark writes dates such as
 * 9999-12-31 that only a coarser unit holds, and the reader's refusal of one names this flag
 * ({@link LibraryErrors}).
 */
public final class Int96UnitOption {
  /** The flag, as a refusal names it. */
  static final String FLAG = "--int96-unit";

  @Option(
      names = FLAG,
      paramLabel = "s|ms|us|ns",
      converter = UnitConverter.class,
      description =
          "The Arrow timestamp unit of INT96 columns. Default: ns (pyarrow's; holds 1677-09-21 to"
              + " 2262-04-11). A coarser unit reads later dates, such as Spark's 9999-12-31.")
  TimeUnit unit = TimeUnit.NANOSECOND;

  /** The mapping options the command reads with: the defaults with this INT96 unit. */
  public MappingOptions mapping() {
    return unit == MappingOptions.defaults().int96Unit()
        ? MappingOptions.defaults()
        : MappingOptions.builder().int96Unit(unit).build();
  }

  /** {@code s}, {@code ms}, {@code us} or {@code ns}. */
  static final class UnitConverter implements ITypeConverter<TimeUnit> {
    @Override
    public TimeUnit convert(String value) {
      return switch (value) {
        case "s" -> TimeUnit.SECOND;
        case "ms" -> TimeUnit.MILLISECOND;
        case "us" -> TimeUnit.MICROSECOND;
        case "ns" -> TimeUnit.NANOSECOND;
        default ->
            throw new TypeConversionException("expected s, ms, us or ns, not '" + value + "'");
      };
    }
  }
}
