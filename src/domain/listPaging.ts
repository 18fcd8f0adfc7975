/**
 * The most rows one page of a server-paged list holds: the server refuses more (schemas/listPage.ts)
 * and the data provider reads the whole list instead. Apart from the schema so that the data
 * provider, in every screen's first download, does not bring yup with it.
 */
export const LIST_MAX_PER_PAGE = 100;
