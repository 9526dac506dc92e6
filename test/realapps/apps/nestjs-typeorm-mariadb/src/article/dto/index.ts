export { CreateArticleDto } from './create-article.dto';
export { CreateCommentDto } from './create-comment';