#!/bin/bash
# A Slurm job array surveying one family in shards, each task writing its own
# catalogue; a last job merges them. Submit from the directory that will hold
# the catalogues:
#
#   sbatch docs/survey-slurm.sh                       # tasks 0-3, the octal codes with 3 digits
#   DIGITS=2 MAX_HEAPS=2^12 sbatch --array=0-7 docs/survey-slurm.sh
#
# Each task runs `grundy survey run … --shard I/N` with I its task id and N
# the array's size; a task that is requeued or run again resumes its
# catalogue. When every task has ended, the task with the highest id merges
# the shards (idempotent: running it again changes nothing).
#SBATCH --job-name=grundy-survey
#SBATCH --array=0-3
#SBATCH --cpus-per-task=1
#SBATCH --output=survey-%A_%a.out
set -euo pipefail

GRUNDY=${GRUNDY:-grundy}
FAMILY=${FAMILY:-octal}
DIGITS=${DIGITS:-3}
MAX_HEAPS=${MAX_HEAPS:-2^16}
TIME_PER_GAME=${TIME_PER_GAME:-60}
TASK=${SLURM_ARRAY_TASK_ID:?run this script with sbatch --array}
TASKS=${SLURM_ARRAY_TASK_COUNT:?run this script with sbatch --array}

echo "task $TASK of $TASKS on $(hostname): $FAMILY --digits $DIGITS to $MAX_HEAPS heaps"
"$GRUNDY" survey run "$FAMILY" --digits "$DIGITS" --max-heaps "$MAX_HEAPS" \
  --time-per-game "$TIME_PER_GAME" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --shard "$TASK/$TASKS" --db "shard-$TASK.sqlite" --quiet

# The last task to finish merges (each task writes a marker when done).
touch "shard-$TASK.done"
done_count=$(ls shard-*.done 2>/dev/null | wc -l)
if [ "$done_count" -eq "$TASKS" ]; then
  shards=()
  for i in $(seq 0 $((TASKS - 1))); do shards+=("shard-$i.sqlite"); done
  "$GRUNDY" survey merge "${shards[@]}" -o all.sqlite
  "$GRUNDY" survey show --db all.sqlite --format csv | awk -F, 'NR > 1 { n[$2]++ } END { for (s in n) print s, n[s] }'
fi
