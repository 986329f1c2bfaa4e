/**
 * An error as the app shows and reports it (docs/product.md §8). `data` carries the flags of the
 * global handling: reporting is skipped for skipReporting and alreadyReported; ignoreOnce is
 * cleared and the error shown without reporting; redirect sends the visitor there instead of
 * showing anything.
 */
export type AppError = {
  statusCode: number;
  message: string;
  fatal?: boolean;
  data?: {
    skipReporting?: boolean;
    alreadyReported?: boolean;
    ignoreOnce?: boolean;
    redirect?: string;
  };
};
