// Shared with the player's lesson quizzes: the one formula renderer lives in components/.
export { MathText, mathHtml } from '../../components/math-text';
