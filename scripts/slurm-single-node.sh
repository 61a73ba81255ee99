#!/bin/bash
# Starts a single-node Slurm cluster on this machine (Debian's slurm-wlm and
# munge), for trying docs/survey-slurm.sh. Run as root; idempotent: it
# installs what is missing, writes the configuration, and (re)starts munged,
# slurmctld and slurmd. No systemd needed (containers).
set -euo pipefail

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq slurm-wlm munge >/dev/null
fi

host=$(hostname -s)
cpus=$(nproc)
mem=$(awk '/MemTotal/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)

# munge: a key, and the daemon.
mkdir -p /etc/munge /var/lib/munge /var/log/munge /run/munge
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key status=none
fi
chown -R munge:munge /etc/munge /var/lib/munge /var/log/munge /run/munge
chmod 0700 /etc/munge /var/lib/munge /var/log/munge
chmod 0400 /etc/munge/munge.key
chmod 0755 /run/munge
if ! munge -n >/dev/null 2>&1; then
  runuser -u munge -- /usr/sbin/munged --force
  sleep 1
fi
munge -n | unmunge >/dev/null && echo "munge: working"

# Slurm: one node, one partition, no cgroups (a container may lack them).
conf_dir=/etc/slurm
mkdir -p "$conf_dir" /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
cat > "$conf_dir/slurm.conf" <<CONF
ClusterName=grundy
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
# Slurm 22.05 (Debian 12) has no CgroupPlugin=disabled: leave cgroup.conf
# out, and slurmd finds the cgroup v1 plugin by itself.
rm -f "$conf_dir/cgroup.conf"

for daemon in slurmctld slurmd; do
  if [ -s "/run/$daemon.pid" ] && kill -0 "$(cat "/run/$daemon.pid")" 2>/dev/null; then
    kill "$(cat "/run/$daemon.pid")"
    sleep 1
  fi
done
slurmctld
slurmd
for _ in $(seq 1 20); do
  if sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mix|alloc'; then break; fi
  sleep 1
done
sinfo
