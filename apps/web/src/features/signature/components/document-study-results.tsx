import Box from '@mui/material/Box';
import { readStudyDocumentMetadata } from '../../../components/study-results/study-metadata';
import { StudyResultsPanel } from '../../../components/study-results/study-results-panel';

/**
 * A study's results above its PDF (issue 16 §7), so a physician sees the AHI, the ABPM means or the
 * wearable's burdens while reading the report. Its own chunk, loaded only for documents whose metadata
 * names a study; metadata of another shape shows nothing.
 */
export function DocumentStudyResults({ metadata }: { metadata: unknown }) {
  const study = readStudyDocumentMetadata(metadata);
  if (!study) return null;
  return (
    <Box
      data-testid="document-study-results"
      sx={{
        px: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        maxHeight: '40%',
        overflowY: 'auto',
        flex: 'none',
      }}
    >
      <StudyResultsPanel results={study.results} headingComponent="h3" />
    </Box>
  );
}
